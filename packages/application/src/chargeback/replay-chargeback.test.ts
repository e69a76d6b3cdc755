import { money, type ChargebackRepository, type MerchantId } from '@splitpay/domain';
import { FAILED_500 } from '../notification/notification.fixtures';
import { chargebackWorkerOn, useDeliveryBench } from '../testing/delivery-bench';
import { ChargebackWorker } from './chargeback.worker';
import { ChargebackIntake, type ChargebackFact } from './receive-chargeback';
import { ReplayChargebackNotification } from './replay-chargeback';

const DELAYS = [1_000, 60_000, 300_000];
const ID = 'psp-cap-1:chargeback:2026-03-02:2500';

describe('replaying a chargeback message', () => {
  const b = useDeliveryBench();
  let intake: ChargebackIntake;
  let worker: ChargebackWorker;
  let replay: ReplayChargebackNotification;
  const fact: ChargebackFact = { kind: 'chargeback', providerRef: 'psp-cap-1', type: 'chargeback', amount: money(2_500, 'EUR'), date: '2026-03-02' };
  const m1 = 'm1' as MerchantId;

  beforeEach(async () => {
    await b.account('m1', { authorization: 'Basic c2VudGluZWw=', chargebackUrl: 'https://merchant.example/disputes' });
    intake = new ChargebackIntake({ sessions: b.stores.sessions, chargebacks: b.stores.chargebacks, merchants: b.stores.merchants, clock: b.clock, logger: b.logger });
    worker = chargebackWorkerOn(b, DELAYS);
    replay = new ReplayChargebackNotification({ chargebacks: b.stores.chargebacks, clock: b.clock, logger: b.logger });
    await b.store(b.factory.paid(b.factory.pending(), { authRef: 'psp-auth-1', captureRef: 'psp-cap-1' }));
    await intake.receive(fact, 'fake');
  });

  async function spendTheCalendar(): Promise<void> {
    b.sender.script = () => FAILED_500;
    const t = b.clock.now();
    for (const at of [0, 1_000, 60_000, 300_000]) {
      b.clock.set(t + at);
      await worker.runOnce();
    }
    expect((await b.stores.chargebacks.findByNotificationId(ID))!.delivery).toMatchObject({ failures: 4, abandoned: true });
  }

  it('re-arms an abandoned message: same notificationId, the whole calendar again, due at once; the worker then delivers it', async () => {
    await spendTheCalendar();
    b.clock.advance(3_600_000);
    const before = (await b.stores.chargebacks.findByNotificationId(ID))!;

    await expect(replay.execute({ merchantId: m1, notificationId: ID })).resolves.toEqual({ failures: 4, abandoned: true });
    const rearmed = (await b.stores.chargebacks.findByNotificationId(ID))!;
    expect(rearmed.version).toBe(before.version + 1);
    expect(rearmed.delivery).toEqual({ ...before.delivery, failures: 0, abandoned: false, firstFailedAt: undefined, nextAttemptAt: b.clock.now() });
    expect(rearmed.dueAt).toBe(b.clock.now());
    expect(b.logger.named('notification.replayed')).toEqual([expect.objectContaining({ fields: { notificationId: ID, merchantId: m1 } })]);

    b.sender.script = () => ({ received: true, httpStatus: 200 });
    await expect(worker.runOnce()).resolves.toBe(1);
    expect(b.sender.sent.map((m) => m.notificationId)).toEqual([ID, ID, ID, ID, ID]);
    expect((await b.stores.chargebacks.findByNotificationId(ID))!.delivery).toMatchObject({ deliveredAt: b.clock.now(), failures: 0 });
  });

  it('refuses what the session replay refuses: another merchant\'s or unknown (NotFound), a calendar still running (NotificationNotAbandoned), no chargeback address (NoNotificationUrl)', async () => {
    await expect(replay.execute({ merchantId: 'm2' as MerchantId, notificationId: ID })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(replay.execute({ merchantId: m1, notificationId: 'nothing' })).rejects.toMatchObject({ code: 'NotFound' });
    await expect(replay.execute({ merchantId: m1, notificationId: ID })).rejects.toMatchObject({ code: 'NotificationNotAbandoned' });

    const stored = (await b.stores.chargebacks.findByNotificationId(ID))!;
    const { delivery: _d, dueAt: _due, ...unsent } = stored;
    const quiet = { ...unsent, notificationId: `${ID}-quiet` };
    await b.stores.chargebacks.insertIfAbsent(quiet);
    await expect(replay.execute({ merchantId: m1, notificationId: quiet.notificationId })).rejects.toMatchObject({ code: 'NoNotificationUrl' });
    expect(await b.stores.chargebacks.findByNotificationId(quiet.notificationId)).toEqual(quiet);
  });

  it('with onlyIfAbandoned (the ops command), refuses a message delivered since it was abandoned, even when it was read abandoned before the write', async () => {
    await spendTheCalendar();
    // The read the use case starts from is the abandoned one; another replay and the worker's
    // delivery land between it and the save.
    const chargebacks: ChargebackRepository = Object.create(b.stores.chargebacks);
    let raced = false;
    chargebacks.findByNotificationId = async (id) => {
      const read = await b.stores.chargebacks.findByNotificationId(id);
      if (!raced) {
        raced = true;
        await replay.execute({ merchantId: m1, notificationId: id });
        b.sender.script = () => ({ received: true, httpStatus: 200 });
        await worker.runOnce();
      }
      return read;
    };
    const walking = new ReplayChargebackNotification({ chargebacks, clock: b.clock, logger: b.logger });
    await expect(walking.execute({ merchantId: m1, notificationId: ID, onlyIfAbandoned: true })).rejects.toMatchObject({ code: 'NotificationNotAbandoned' });
    const stored = (await b.stores.chargebacks.findByNotificationId(ID))!;
    expect(stored.delivery).toMatchObject({ deliveredAt: b.clock.now(), failures: 0, abandoned: false });
    expect(b.sender.sent).toHaveLength(5);

    // Still abandoned: re-armed as without the condition.
    await b.stores.chargebacks.save({ ...stored, delivery: { ...stored.delivery!, deliveredAt: undefined, failures: 4, abandoned: true }, version: stored.version + 1 }, { expectedVersion: stored.version });
    await expect(replay.execute({ merchantId: m1, notificationId: ID, onlyIfAbandoned: true })).resolves.toEqual({ failures: 4, abandoned: true });
  });
});
