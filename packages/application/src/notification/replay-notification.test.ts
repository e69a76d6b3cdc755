import { merchantId, type Session, type SessionId, type SessionRepository } from '@splitpay/domain';
import { money } from '@splitpay/domain';
import { ChargebackIntake } from '../chargeback/receive-chargeback';
import { ReplayChargebackNotification } from '../chargeback/replay-chargeback';
import { chargebackWorkerOn, sessionEndedTurns, useDeliveryBench } from '../testing/delivery-bench';
import { FAILED_500 } from './notification.fixtures';
import { ReplaySessionNotification } from './replay-notification';

const DELAYS = [10, 20, 30];
const HOOK = 'https://merchant.example/hooks';
const M1 = merchantId('m1');

describe('ReplaySessionNotification', () => {
  const b = useDeliveryBench();
  let ending: ReturnType<typeof sessionEndedTurns>;
  let replay: ReplaySessionNotification;
  const turn = (id: SessionId): Promise<Session> => ending.turn(id);

  beforeEach(async () => {
    await b.account('m1', {});
    ending = sessionEndedTurns(b, DELAYS);
    replay = new ReplaySessionNotification({ sessions: b.stores.sessions, writer: ending.writer, logger: b.logger });
  });

  async function abandon(id: SessionId): Promise<Session> {
    b.sender.script = () => FAILED_500;
    let session = await turn(id);
    while (!session.notification!.delivery!.abandoned) {
      b.clock.set(session.notification!.delivery!.nextAttemptAt!);
      session = await turn(id);
    }
    return session;
  }

  const paid = (input = {}) => b.store(b.factory.paid(b.factory.pending({ notificationUrl: HOOK, ...input }), { authRef: 'a', captureRef: 'c' }));
  const refusal = (id: string, asMerchant = M1) => replay.execute({ merchantId: asMerchant, sessionId: id as SessionId }).then(
    () => 'accepted',
    (e: { code?: string }) => e.code,
  );

  it('re-arms an abandoned calendar with the same notificationId, answering the state as it stood', async () => {
    const session = await paid();
    const abandoned = await abandon(session.id);
    expect(abandoned.notification!.delivery).toMatchObject({ failures: 4, abandoned: true });
    b.clock.advance(3_600_000);

    await expect(replay.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 4, abandoned: true });

    const rearmed = (await b.stores.sessions.findById(session.id))!;
    expect(rearmed.notification!.delivery).toEqual({
      url: HOOK,
      notificationId: `${session.id}:PAID`,
      payload: abandoned.notification!.delivery!.payload,
      failures: 0,
      abandoned: false,
      nextAttemptAt: b.clock.now(),
    });
    expect(rearmed.notificationDueAt).toBe(b.clock.now());

    b.sender.script = () => ({ received: true, httpStatus: 200 });
    const delivered = await turn(session.id);
    expect(b.sender.sent.at(-1)!.notificationId).toBe(`${session.id}:PAID`);
    expect(b.sender.sent.at(-1)!.payload).toEqual(abandoned.notification!.delivery!.payload);
    expect(delivered.notification!.delivery).toMatchObject({ deliveredAt: b.clock.now(), failures: 0, abandoned: false });
  });

  it('the re-armed calendar runs whole again: four more tries before abandoning', async () => {
    const session = await paid();
    await abandon(session.id);
    await replay.execute({ merchantId: M1, sessionId: session.id });
    const again = await abandon(session.id);
    expect(b.sender.sent).toHaveLength(8);
    expect(again.notification!.delivery).toMatchObject({ failures: 4, abandoned: true });
  });

  it('an acknowledged message is replayable: owed again, from scratch', async () => {
    const session = await paid();
    await turn(session.id);
    await expect(replay.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 0, abandoned: false });
    const rearmed = (await b.stores.sessions.findById(session.id))!;
    expect(rearmed.notification!.delivery).not.toHaveProperty('deliveredAt');
    expect(ending.step.isDue(rearmed)).toBe(true);
    await turn(session.id);
    expect(b.sender.sent.map((m) => m.notificationId)).toEqual([`${session.id}:PAID`, `${session.id}:PAID`]);
  });

  it('NotificationNotAbandoned while the calendar runs, before the first try and between retries', async () => {
    const session = await paid();
    await expect(refusal(session.id)).resolves.toBe('NotificationNotAbandoned');
    b.sender.script = () => FAILED_500;
    await turn(session.id);
    await expect(refusal(session.id)).resolves.toBe('NotificationNotAbandoned');
    const unchanged = (await b.stores.sessions.findById(session.id))!;
    expect(unchanged.notification!.delivery).toMatchObject({ failures: 1, abandoned: false });
  });

  it('SessionNotEnded before the end', async () => {
    const pending = await b.store(b.factory.pending({ notificationUrl: HOOK }));
    await expect(refusal(pending.id)).resolves.toBe('SessionNotEnded');
  });

  it('NoNotificationUrl when the session declared no address', async () => {
    const silent = await b.store(b.factory.paid(b.factory.pending(), { authRef: 'a', captureRef: 'c' }));
    await expect(refusal(silent.id)).resolves.toBe('NoNotificationUrl');
  });

  it('NotFound for another merchant\'s session and for an unknown one, alike', async () => {
    const session = await paid();
    await abandon(session.id);
    await expect(refusal(session.id, merchantId('m2'))).resolves.toBe('NotFound');
    await expect(refusal('0190f0a0-0000-7000-8000-00000000dead')).resolves.toBe('NotFound');
    const untouched = (await b.stores.sessions.findById(session.id))!;
    expect(untouched.notification!.delivery!.abandoned).toBe(true);
  });

  it('an ended session whose message was never built gets it built on replay', async () => {
    const ended = b.factory.paid(b.factory.pending({ notificationUrl: HOOK }), { authRef: 'a', captureRef: 'c' });
    const bare = await b.store({ ...ended, notification: { url: HOOK } });
    await expect(replay.execute({ merchantId: M1, sessionId: bare.id })).resolves.toEqual({ url: HOOK, failures: 0, abandoned: false });
    const built = (await b.stores.sessions.findById(bare.id))!.notification!.delivery!;
    expect(built).toMatchObject({ notificationId: `${bare.id}:PAID`, failures: 0, abandoned: false, nextAttemptAt: b.clock.now() });
    expect(built.payload).toEqual(ended.notification!.delivery!.payload);
  });

  describe('onlyIfAbandoned (the ops command\'s walk over abandoned messages)', () => {
    const onlyIfAbandoned = (via: ReplaySessionNotification, id: SessionId) =>
      via.execute({ merchantId: M1, sessionId: id, onlyIfAbandoned: true }).then(
        () => 'accepted',
        (e: { code?: string }) => e.code,
      );

    it('re-arms an abandoned message as the door does', async () => {
      const session = await paid();
      await abandon(session.id);
      await expect(onlyIfAbandoned(replay, session.id)).resolves.toBe('accepted');
      expect((await b.stores.sessions.findById(session.id))!.notification!.delivery).toMatchObject({ failures: 0, abandoned: false });
    });

    it('refuses a message replayed and delivered since it was abandoned: NotificationNotAbandoned, left delivered', async () => {
      const session = await paid();
      await abandon(session.id);
      await replay.execute({ merchantId: M1, sessionId: session.id });
      b.sender.script = () => ({ received: true, httpStatus: 200 });
      const delivered = await turn(session.id);
      await expect(onlyIfAbandoned(replay, session.id)).resolves.toBe('NotificationNotAbandoned');
      expect(await b.stores.sessions.findById(session.id)).toEqual(delivered);
      expect(b.sender.sent).toHaveLength(5);
    });

    it('decides on the session as written: one read abandoned, then replayed and delivered before the write, is refused', async () => {
      const session = await paid();
      await abandon(session.id);
      // The read the use case starts from is the abandoned one; the dashboard's replay and the
      // delivery land between it and the write.
      const sessions: SessionRepository = Object.create(b.stores.sessions);
      sessions.findById = async (id) => {
        const read = await b.stores.sessions.findById(id);
        await replay.execute({ merchantId: M1, sessionId: id });
        b.sender.script = () => ({ received: true, httpStatus: 200 });
        await turn(id);
        return read;
      };
      const walking = new ReplaySessionNotification({ sessions, writer: ending.writer, logger: b.logger });
      await expect(onlyIfAbandoned(walking, session.id)).resolves.toBe('NotificationNotAbandoned');
      expect((await b.stores.sessions.findById(session.id))!.notification!.delivery!.deliveredAt).toBe(b.clock.now());
      expect(b.sender.sent).toHaveLength(5);
    });
  });

  // Delivery rule 5 is one of the rules of both messages: the session's door replays its chargebacks too.
  describe("the session's abandoned chargeback messages (D145-b)", () => {
    const DISPUTES = 'https://merchant.example/disputes';
    const CB_ID = 'c:chargeback:2026-03-02:2500';
    let both: ReplaySessionNotification;

    beforeEach(async () => {
      await b.account('m1', { chargebackUrl: DISPUTES });
      both = new ReplaySessionNotification({
        sessions: b.stores.sessions,
        writer: ending.writer,
        logger: b.logger,
        chargebacks: { repository: b.stores.chargebacks, replay: new ReplayChargebackNotification({ chargebacks: b.stores.chargebacks, clock: b.clock, logger: b.logger }) },
      });
    });

    const worker = () => chargebackWorkerOn(b, DELAYS);
    const intake = () => new ChargebackIntake({ sessions: b.stores.sessions, chargebacks: b.stores.chargebacks, merchants: b.stores.merchants, clock: b.clock, logger: b.logger });
    const dispute = () => intake().receive({ kind: 'chargeback', providerRef: 'c', type: 'chargeback', amount: money(2_500, 'EUR'), reasonCode: '4837', date: '2026-03-02' }, 'fake');
    const chargeback = async () => (await b.stores.chargebacks.findByNotificationId(CB_ID))!;

    /** Runs the chargeback worker on its calendar, every try failing, until its message is abandoned. */
    async function abandonChargeback(): Promise<void> {
      const previous = b.sender.script;
      b.sender.script = (i, message) => (message.url === DISPUTES ? FAILED_500 : previous(i, message));
      while (!(await chargeback()).delivery!.abandoned) {
        b.clock.set(Math.max(b.clock.now(), (await chargeback()).dueAt ?? 0));
        await worker().runOnce();
      }
      b.sender.script = () => ({ received: true, httpStatus: 200 });
    }
    const refusalOf = (door: ReplaySessionNotification, id: SessionId) => door.execute({ merchantId: M1, sessionId: id }).then(() => 'accepted', (e: { code?: string }) => e.code);
    const sentIds = () => b.sender.sent.map((m) => m.notificationId);

    it('ending delivered, chargeback abandoned: re-arms the chargeback with its notificationId, never sends the acknowledged ending again', async () => {
      const session = await paid();
      await turn(session.id);
      const delivered = (await b.stores.sessions.findById(session.id))!.notification!.delivery!;
      expect(delivered.deliveredAt).toBeDefined();
      await dispute();
      await abandonChargeback();
      b.sender.sent.length = 0;

      await expect(both.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 0, abandoned: false });

      expect((await b.stores.sessions.findById(session.id))!.notification!.delivery).toEqual(delivered);
      expect((await chargeback()).delivery).toMatchObject({ notificationId: CB_ID, failures: 0, abandoned: false, nextAttemptAt: b.clock.now() });
      await turn(session.id);
      await worker().runOnce();
      expect(sentIds()).toEqual([CB_ID]);
    });

    it('both abandoned: both re-armed, each with its own notificationId, the ending sent first', async () => {
      const session = await paid();
      await abandon(session.id);
      await dispute();
      await abandonChargeback();
      b.sender.sent.length = 0;

      await expect(both.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 4, abandoned: true });

      await worker().runOnce();
      await turn(session.id);
      b.clock.advance(2_000);
      await worker().runOnce();
      expect(sentIds()).toEqual([`${session.id}:PAID`, CB_ID]);
    });

    it('nothing abandoned among the chargebacks: the acknowledged ending is replayed as before, a delivered chargeback left as it is', async () => {
      const session = await paid();
      await turn(session.id);
      await dispute();
      await worker().runOnce();
      const delivered = (await chargeback()).delivery;
      expect(delivered!.deliveredAt).toBeDefined();

      await expect(both.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 0, abandoned: false });
      expect((await b.stores.sessions.findById(session.id))!.notification!.delivery).toMatchObject({ failures: 0, abandoned: false, nextAttemptAt: b.clock.now() });
      expect((await chargeback()).delivery).toEqual(delivered);
    });

    it("the ending's refusals stand: with its calendar still running, NotificationNotAbandoned and no chargeback re-armed", async () => {
      const session = await paid();
      await turn(session.id);
      await dispute();
      await abandonChargeback();
      await replay.execute({ merchantId: M1, sessionId: session.id });

      await expect(refusalOf(both, session.id)).resolves.toBe('NotificationNotAbandoned');
      expect((await chargeback()).delivery).toMatchObject({ failures: 4, abandoned: true });
    });
  });
});
