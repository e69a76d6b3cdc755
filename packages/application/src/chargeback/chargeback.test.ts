import { buildChargebackPayload, money, recordDeliveryOutcome, type Chargeback, type ChargebackRepository, type Session } from '@splitpay/domain';
import { UuidV7IdGenerator } from '@splitpay/infra';
import { NOTIFICATION_ABANDONED_METRIC } from '../notification/message-delivery';
import { FAILED_500, SessionFactory } from '../notification/notification.fixtures';
import { chargebackWorkerOn, sessionEndedTurns, useDeliveryBench } from '../testing/delivery-bench';
import { ChargebackWorker } from './chargeback.worker';
import { ChargebackIntake, type ChargebackFact } from './receive-chargeback';

const DELAYS = [1_000, 60_000, 300_000];
const CHARGEBACK_URL = 'https://merchant.example/disputes';
const AUTHORIZATION = 'Basic c2VudGluZWwtY2I=';

async function settled(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (condition()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never settled: ${what}`);
}

describe('chargebacks: intake and worker', () => {
  const b = useDeliveryBench();
  let intake: ChargebackIntake;
  let worker: ChargebackWorker;

  const workerWith = (overrides: Parameters<typeof chargebackWorkerOn>[2] = {}) => chargebackWorkerOn(b, DELAYS, overrides);

  beforeEach(async () => {
    await b.account('m1', { authorization: AUTHORIZATION, chargebackUrl: CHARGEBACK_URL });
    await b.account('quiet', { authorization: AUTHORIZATION });
    intake = new ChargebackIntake({ sessions: b.stores.sessions, chargebacks: b.stores.chargebacks, merchants: b.stores.merchants, clock: b.clock, logger: b.logger });
    worker = workerWith();
  });

  async function paidSession(refs: { authRef: string; captureRef: string }, merchant = 'm1'): Promise<Session> {
    const ids = new UuidV7IdGenerator();
    const f = merchant === 'm1' ? b.factory : new SessionFactory({ merchantId: merchant, now: () => b.clock.now(), newId: () => ids.newId() });
    return b.store(f.paid(f.pending(), refs));
  }

  const fact = (overrides: Partial<ChargebackFact> = {}): ChargebackFact => ({
    kind: 'chargeback',
    providerRef: 'psp-cap-1',
    type: 'chargeback',
    amount: money(2_500, 'EUR'),
    reasonCode: '4837',
    status: 'first-chargeback',
    date: '2026-03-02',
    validUntil: '2026-04-01',
    ...overrides,
  });

  it('attaches to the exact capture by provider reference and owes the message to the chargeback address', async () => {
    const session = await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    const attempt = session.attempts[0]!;
    const capture = attempt.transactions.find((t) => t.type === 'capture')!;

    await expect(intake.receive(fact(), 'fake')).resolves.toEqual({ kind: 'recorded', notificationId: 'psp-cap-1:chargeback:2026-03-02:2500', delivery: 'owed' });
    await expect(worker.runOnce()).resolves.toBe(1);

    expect(b.sender.sent).toHaveLength(1);
    expect(b.sender.sent[0]).toMatchObject({ url: CHARGEBACK_URL, notificationId: 'psp-cap-1:chargeback:2026-03-02:2500', authorization: AUTHORIZATION, signingSecret: 'whsec_c2VjcmV0' });
    const stored = await b.stores.chargebacks.findByNotificationId('psp-cap-1:chargeback:2026-03-02:2500');
    // The dispute lands on the capture that took the money; the body is the contract's (chargeback.payload.test.ts pins its fields).
    expect(b.sender.sent[0]!.payload).toMatchObject({ event: 'chargeback', orderId: session.orderId, sessionId: session.id, attemptId: attempt.id, transactionId: capture.id, reasonCode: '4837' });
    expect(b.sender.sent[0]!.payload).toEqual(buildChargebackPayload(stored!));
    expect(stored!.delivery).toMatchObject({ deliveredAt: b.clock.now(), failures: 0, abandoned: false });
    expect(stored!.dueAt).toBeUndefined();
    expect(stored!.lease).toBeUndefined();
    await expect(worker.runOnce()).resolves.toBe(0);
  });

  it('a reference naming the authorization of a captured hold files it under the capture, where the money moved', async () => {
    const session = await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    const [authorization, capture] = session.attempts[0]!.transactions;
    expect([authorization!.type, capture!.type]).toEqual(['authorization', 'capture']);
    await intake.receive(fact({ providerRef: 'psp-auth-1' }), 'fake');
    const stored = await b.stores.chargebacks.findByNotificationId('psp-auth-1:chargeback:2026-03-02:2500');
    expect(stored).toMatchObject({ transactionId: capture!.id, providerRef: 'psp-auth-1' });
  });

  it('a reference naming no operation of ours attaches by our transaction id when the PSP echoed it', async () => {
    const session = await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    const auth = session.attempts[0]!.transactions[0]!;
    await expect(intake.receive(fact({ providerRef: 'psp-payment-9', transactionId: auth.id }), 'fake')).resolves.toMatchObject({ kind: 'recorded' });
    const stored = await b.stores.chargebacks.findByNotificationId('psp-payment-9:chargeback:2026-03-02:2500');
    expect(stored).toMatchObject({ sessionId: session.id, transactionId: session.attempts[0]!.transactions[1]!.id, providerRef: 'psp-payment-9' });
    // Our id at another provider, or an id nobody holds, attaches to nothing.
    await expect(intake.receive(fact({ providerRef: 'psp-payment-9', transactionId: auth.id }), 'other-psp')).resolves.toEqual({ kind: 'unattached' });
    await expect(intake.receive(fact({ providerRef: 'psp-payment-9', transactionId: 'tx-unknown' }), 'fake')).resolves.toEqual({ kind: 'unattached' });
  });

  it('stores nothing for an operation outside the scope of the notification that carried it (D80), so the genuine one later is recorded', async () => {
    const session = await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    const elsewhere = { admits: () => false };
    await expect(intake.receive(fact(), 'fake', elsewhere)).resolves.toEqual({ kind: 'foreign' });
    expect(await b.stores.chargebacks.findByNotificationId('psp-cap-1:chargeback:2026-03-02:2500')).toBeNull();
    await expect(worker.runOnce()).resolves.toBe(0);
    const ours = { admits: (s: Session) => s.id === session.id };
    await expect(intake.receive(fact(), 'fake', ours)).resolves.toMatchObject({ kind: 'recorded' });
  });

  it('never changes the session: status, captured, refundable, version', async () => {
    const session = await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact({ amount: money(10_000, 'EUR') }), 'fake');
    await worker.runOnce();
    expect(await b.stores.sessions.findById(session.id)).toEqual(session);
  });

  it('attaches to nothing of a merchant\'s: nothing stored, nothing sent', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await expect(intake.receive(fact({ providerRef: 'unknown-ref' }), 'fake')).resolves.toEqual({ kind: 'unattached' });
    await expect(intake.receive(fact(), 'other-psp')).resolves.toEqual({ kind: 'unattached' });
    await worker.runOnce();
    expect(b.sender.sent).toHaveLength(0);
    expect(await b.stores.chargebacks.findByNotificationId('unknown-ref:chargeback:2026-03-02:2500')).toBeNull();
    expect(b.logger.named('chargeback.unattached')).toHaveLength(2);
  });

  describe("held while the session's ending message is still owed (D145-c)", () => {
    const ENDING_URL = 'https://merchant.example/endings';
    const endingOwed = async () => {
      const f = b.factory;
      return b.store(f.paid(f.pending({ notificationUrl: ENDING_URL }), { authRef: 'psp-auth-1', captureRef: 'psp-cap-1' }));
    };
    const events = () => b.sender.sent.map((m) => m.payload.event);

    it('goes only once the ending is delivered, so the merchant learns the ending first', async () => {
      const session = await endingOwed();
      expect(session.notification?.delivery).toMatchObject({ failures: 0, abandoned: false });
      await intake.receive(fact(), 'fake');

      await expect(worker.runOnce()).resolves.toBe(1);
      expect(b.sender.sent).toHaveLength(0);
      const held = await b.stores.chargebacks.findByNotificationId('psp-cap-1:chargeback:2026-03-02:2500');
      expect(held!.delivery).toMatchObject({ failures: 0, abandoned: false });
      expect(held!.dueAt).toBeGreaterThan(b.clock.now());
      expect(held!.lease).toBeUndefined();

      await sessionEndedTurns(b, DELAYS).turn(session.id);
      b.clock.advance(2_000);
      await worker.runOnce();
      expect(events()).toEqual(['session-ended', 'chargeback']);
    });

    it('goes once the ending is abandoned, never lost behind it', async () => {
      const session = await endingOwed();
      await intake.receive(fact(), 'fake');
      b.sender.script = (_i, message) => (message.url === ENDING_URL ? FAILED_500 : { received: true, httpStatus: 200 });
      const turns = sessionEndedTurns(b, DELAYS);
      for (const wait of [0, ...DELAYS]) {
        b.clock.advance(wait);
        await turns.turn(session.id);
        await worker.runOnce();
        if ((await b.stores.sessions.findById(session.id))!.notification!.delivery!.abandoned) break;
        expect(events()).not.toContain('chargeback');
      }
      expect((await b.stores.sessions.findById(session.id))!.notification!.delivery).toMatchObject({ abandoned: true, failures: 4 });
      b.clock.advance(2_000);
      await worker.runOnce();
      expect(events()).toEqual(['session-ended', 'session-ended', 'session-ended', 'session-ended', 'chargeback']);
      expect((await b.stores.chargebacks.findByNotificationId('psp-cap-1:chargeback:2026-03-02:2500'))!.delivery!.deliveredAt).toBeDefined();
    });
  });

  it('an account without a chargeback address: stored, never sent', async () => {
    await paidSession({ authRef: 'q-auth', captureRef: 'q-cap' }, 'quiet');
    await expect(intake.receive(fact({ providerRef: 'q-cap' }), 'fake')).resolves.toMatchObject({ kind: 'recorded', delivery: 'no-address' });
    b.clock.advance(3_600_000);
    await expect(worker.runOnce()).resolves.toBe(0);
    expect(b.sender.sent).toHaveLength(0);
    const stored = await b.stores.chargebacks.findByNotificationId('q-cap:chargeback:2026-03-02:2500');
    expect(stored).toMatchObject({ merchantId: 'quiet' });
    expect(stored!.delivery).toBeUndefined();
  });

  it('a resent chargeback is one message; differing by amount or date, two', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await expect(intake.receive(fact(), 'fake')).resolves.toMatchObject({ kind: 'recorded' });
    await expect(intake.receive(fact(), 'fake')).resolves.toEqual({ kind: 'duplicate', notificationId: 'psp-cap-1:chargeback:2026-03-02:2500' });
    await intake.receive(fact({ amount: money(2_501, 'EUR') }), 'fake');
    await intake.receive(fact({ date: '2026-03-03' }), 'fake');
    await worker.runOnce();
    await intake.receive(fact(), 'fake');
    await worker.runOnce();
    expect(b.sender.sent.map((m) => m.notificationId).sort()).toEqual([
      'psp-cap-1:chargeback:2026-03-02:2500',
      'psp-cap-1:chargeback:2026-03-02:2501',
      'psp-cap-1:chargeback:2026-03-03:2500',
    ]);
  });

  it('a dispute stored before its PSP named disputes, sent again naming itself: the one stored, no second message (D153-b)', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await expect(intake.receive(fact(), 'fake')).resolves.toMatchObject({ kind: 'recorded', notificationId: 'psp-cap-1:chargeback:2026-03-02:2500' });
    await expect(intake.receive(fact({ disputeRef: 'psp-dispute-1', status: 'under-review' }), 'fake')).resolves.toEqual({ kind: 'duplicate', notificationId: 'psp-cap-1:chargeback:2026-03-02:2500' });
    await expect(intake.receive(fact({ disputeRef: 'psp-dispute-1', type: 'representment', date: '2026-03-20' }), 'fake')).resolves.toMatchObject({ kind: 'recorded', notificationId: 'psp-dispute-1:representment:2026-03-20:2500' });
    await worker.runOnce();
    await worker.runOnce();
    expect(b.sender.sent.map((m) => m.notificationId).sort()).toEqual(['psp-cap-1:chargeback:2026-03-02:2500', 'psp-dispute-1:representment:2026-03-20:2500']);
  });

  it('two disputes the PSP names by references of their own, on one capture, the same day and amount: two messages, each under its dispute, filed on the capture (D141)', async () => {
    const session = await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    const capture = session.attempts[0]!.transactions.find((t) => t.type === 'capture')!;
    await expect(intake.receive(fact({ disputeRef: 'psp-dispute-1' }), 'fake')).resolves.toMatchObject({ kind: 'recorded', notificationId: 'psp-dispute-1:chargeback:2026-03-02:2500' });
    await expect(intake.receive(fact({ disputeRef: 'psp-dispute-2' }), 'fake')).resolves.toMatchObject({ kind: 'recorded', notificationId: 'psp-dispute-2:chargeback:2026-03-02:2500' });
    await expect(intake.receive(fact({ disputeRef: 'psp-dispute-1' }), 'fake')).resolves.toMatchObject({ kind: 'duplicate' });
    await worker.runOnce();
    expect(b.sender.sent.map((m) => [m.notificationId, m.payload.providerRef, m.payload.transactionId])).toEqual([
      ['psp-dispute-1:chargeback:2026-03-02:2500', 'psp-cap-1', capture.id],
      ['psp-dispute-2:chargeback:2026-03-02:2500', 'psp-cap-1', capture.id],
    ]);
  });

  it('50 concurrent duplicates store one chargeback and send one message', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    const receipts = await Promise.all(Array.from({ length: 50 }, () => intake.receive(fact(), 'fake')));
    expect(receipts.filter((r) => r.kind === 'recorded')).toHaveLength(1);
    expect(receipts.filter((r) => r.kind === 'duplicate')).toHaveLength(49);
    await Promise.all([worker.runOnce(), worker.runOnce()]);
    expect(b.sender.sent).toHaveLength(1);
  });

  it('follows the same calendar, then abandons with the operator alert', async () => {
    b.sender.script = () => FAILED_500;
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact(), 'fake');
    const t = b.clock.now();
    const id = 'psp-cap-1:chargeback:2026-03-02:2500';

    await worker.runOnce();
    expect(await b.stores.chargebacks.findByNotificationId(id)).toMatchObject({ dueAt: t + 1_000, delivery: { failures: 1, nextAttemptAt: t + 1_000 } });
    b.clock.set(t + 999);
    await expect(worker.runOnce()).resolves.toBe(0);
    for (const at of [1_000, 60_000]) {
      b.clock.set(t + at);
      await expect(worker.runOnce()).resolves.toBe(1);
    }
    expect(b.logger.named('notification.abandoned')).toHaveLength(0);
    b.clock.set(t + 300_000);
    await worker.runOnce();

    expect(b.sender.sent).toHaveLength(4);
    const stored = await b.stores.chargebacks.findByNotificationId(id);
    expect(stored!.delivery).toMatchObject({ failures: 4, abandoned: true });
    expect(stored!.dueAt).toBeUndefined();
    expect(b.logger.named('notification.abandoned')).toEqual([expect.objectContaining({ level: 'error', fields: expect.objectContaining({ notificationId: id, messageEvent: 'chargeback' }) })]);
    expect(b.metrics.value(NOTIFICATION_ABANDONED_METRIC, { event: 'chargeback' })).toBe(1);
    b.clock.advance(3_600_000);
    await expect(worker.runOnce()).resolves.toBe(0);
  });

  it('a store fault on one chargeback neither stops the run nor starves the others; it is retried once its lease lapses', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact({ date: '2026-03-02' }), 'fake');
    await intake.receive(fact({ date: '2026-03-03' }), 'fake');
    let faults = 1;
    const flaky = workerWith({
      merchants: {
        ...b.stores.merchants,
        findById: async (id) => {
          if (faults-- > 0) throw new Error('store unavailable');
          return b.stores.merchants.findById(id);
        },
      },
      leaseMs: 60_000,
    });

    await expect(flaky.runOnce()).resolves.toBe(2);
    expect(b.sender.sent).toHaveLength(1);
    expect(b.logger.named('chargeback_worker.work_failed')).toHaveLength(1);

    await expect(flaky.runOnce()).resolves.toBe(0);
    b.clock.advance(60_001);
    await expect(flaky.runOnce()).resolves.toBe(1);
    expect(b.sender.sent.map((m) => m.notificationId).sort()).toEqual(['psp-cap-1:chargeback:2026-03-02:2500', 'psp-cap-1:chargeback:2026-03-03:2500']);
  });

  it('a chargeback leased by a crashed instance is delivered once its lease lapses', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact(), 'fake');
    expect(await b.stores.chargebacks.claimDue(b.clock.now(), 'crashed-instance', 60_000)).not.toBeNull();
    await expect(worker.runOnce()).resolves.toBe(0);
    b.clock.advance(60_000);
    await expect(worker.runOnce()).resolves.toBe(1);
    await worker.runOnce();
    expect(b.sender.sent).toHaveLength(1);
  });

  it('a chargeback whose merchant endpoint never answers does not hold back the message of another', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await paidSession({ authRef: 'psp-auth-2', captureRef: 'psp-cap-2' });
    await intake.receive(fact({ providerRef: 'psp-cap-1' }), 'fake');
    await intake.receive(fact({ providerRef: 'psp-cap-2' }), 'fake');
    const hanging: (() => void)[] = [];
    const sent: string[] = [];
    const worker = workerWith({
      sender: {
        send: async (message) => {
          sent.push(message.notificationId);
          if (sent.length === 1) await new Promise<void>((resolve) => hanging.push(resolve));
          return b.sender.send(message);
        },
      },
    });

    const run = worker.runOnce();
    const deadline = Date.now() + 5_000;
    while (sent.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(sent).toHaveLength(2);
    expect(hanging).toHaveLength(1);
    hanging[0]!();
    await expect(run).resolves.toBe(2);
    expect(b.sender.sent).toHaveLength(2);
  });

  it('a merchant whose chargebackUrl hangs holds at most its share of the slots: another merchant\'s chargeback is still sent, its own later ones postponed', async () => {
    await b.account('slow', { authorization: AUTHORIZATION, chargebackUrl: 'https://slow.example/disputes' });
    // Nine chargebacks of the slow merchant, due before the healthy one: once they took all eight slots.
    for (let i = 1; i <= 9; i++) {
      await paidSession({ authRef: `psp-auth-s${i}`, captureRef: `psp-cap-s${i}` }, 'slow');
      await intake.receive(fact({ providerRef: `psp-cap-s${i}` }), 'fake');
    }
    b.clock.advance(1);
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact({ providerRef: 'psp-cap-1' }), 'fake');
    const hanging: (() => void)[] = [];
    const worker = workerWith({
      perMerchant: 2,
      sender: {
        send: async (message) => {
          if (message.url.startsWith('https://slow.example')) await new Promise<void>((resolve) => hanging.push(resolve));
          return b.sender.send(message);
        },
      },
    });

    const run = worker.runOnce();
    await settled(() => b.sender.sent.length === 1, 'the healthy merchant\'s chargeback to be sent');
    expect(b.sender.sent.map((m) => m.notificationId)).toEqual(['psp-cap-1:chargeback:2026-03-02:2500']);
    expect(hanging).toHaveLength(2);
    expect(worker.slotsInUse()).toBe(2);

    for (const resolve of hanging.splice(0)) resolve();
    await expect(run).resolves.toBe(3);
    // The other seven wait out the cap's back-off, then go out a share at a time.
    b.clock.advance(10_000);
    const next = worker.runOnce();
    await settled(() => hanging.length === 2, 'the next two tries');
    for (const resolve of hanging.splice(0)) resolve();
    await expect(next).resolves.toBe(2);
    expect(b.sender.sent).toHaveLength(5);
  });

  describe('a capped chargeback changed by another writer between its claim and its postpone (a save conflict)', () => {
    const SLOW = 'https://slow.example/disputes';
    const id = (n: number) => `psp-cap-s${n}:chargeback:2026-03-02:2500`;

    /** Two chargebacks of a merchant held to one try at once; the second is claimed while the first hangs, and `write` lands before its postpone. */
    async function conflictedPostpone(write: (claimed: Chargeback) => Chargeback) {
      await b.account('slow', { authorization: AUTHORIZATION, chargebackUrl: SLOW });
      for (let n = 1; n <= 2; n++) {
        await paidSession({ authRef: `psp-auth-s${n}`, captureRef: `psp-cap-s${n}` }, 'slow');
        await intake.receive(fact({ providerRef: `psp-cap-s${n}` }), 'fake');
        b.clock.advance(1);
      }
      const real = b.stores.chargebacks;
      let written = false;
      const claimDue: ChargebackRepository['claimDue'] = async (...args) => {
        const claimed = await real.claimDue(...args);
        if (claimed?.notificationId !== id(2) || written) return claimed;
        written = true;
        expect(await real.save(write(claimed), { expectedVersion: claimed.version })).toBe('saved');
        return claimed;
      };
      const chargebacks = Object.assign(Object.create(real) as ChargebackRepository, { claimDue });
      const hanging: (() => void)[] = [];
      const worker = workerWith({
        chargebacks,
        perMerchant: 1,
        sender: {
          send: async (message) => {
            if (message.notificationId === id(1)) await new Promise<void>((resolve) => hanging.push(resolve));
            return b.sender.send(message);
          },
        },
      });
      const run = worker.runOnce();
      await settled(() => hanging.length === 1 && b.logger.named('chargeback.save_conflict').length === 1, 'the first try to hang and the postpone to conflict');
      for (const resolve of hanging.splice(0)) resolve();
      await expect(run).resolves.toBe(1);
      return worker;
    }

    it('a write that leaves its message owed: the chargeback stays due, unleased, and its message is sent once', async () => {
      const worker = await conflictedPostpone((claimed) => ({ ...claimed, version: claimed.version + 1 }));
      const second = (await b.stores.chargebacks.findByNotificationId(id(2)))!;
      expect(second).not.toHaveProperty('lease');
      expect(second.dueAt).toBeLessThanOrEqual(b.clock.now());
      expect(second.delivery?.deliveredAt).toBeUndefined();

      await expect(worker.runOnce()).resolves.toBe(1);
      b.clock.advance(3_600_000);
      await expect(worker.runOnce()).resolves.toBe(0);
      expect(b.sender.sent.map((m) => m.notificationId)).toEqual([id(1), id(2)]);
    });

    it('another instance recorded its delivery: the postpone neither overwrites that record nor sends the message again', async () => {
      const worker = await conflictedPostpone((claimed) => {
        const { dueAt: _due, ...rest } = claimed;
        return { ...rest, delivery: recordDeliveryOutcome(claimed.delivery!, { received: true, httpStatus: 200 }, b.clock.now(), DELAYS), version: claimed.version + 1 };
      });
      const second = (await b.stores.chargebacks.findByNotificationId(id(2)))!;
      expect(second).not.toHaveProperty('lease');
      expect(second).not.toHaveProperty('dueAt');
      expect(second.delivery?.deliveredAt).toBeDefined();

      b.clock.advance(3_600_000);
      await expect(worker.runOnce()).resolves.toBe(0);
      expect(b.sender.sent.map((m) => m.notificationId)).toEqual([id(1)]);
    });
  });

  it('a stop ends the claims: the tries in flight finish and are recorded, no new one begins, the rest stay due for another instance', async () => {
    for (let day = 1; day <= 5; day++) {
      await paidSession({ authRef: `psp-auth-${day}`, captureRef: `psp-cap-${day}` });
      await intake.receive(fact({ providerRef: `psp-cap-${day}` }), 'fake');
    }
    const hanging: (() => void)[] = [];
    const worker = workerWith({
      concurrency: 2,
      sender: {
        send: async (message) => {
          await new Promise<void>((resolve) => hanging.push(resolve));
          return b.sender.send(message);
        },
      },
    });
    const run = worker.runOnce();
    await settled(() => hanging.length === 2, 'two tries in flight');

    worker.stop();
    for (const resolve of hanging.splice(0)) resolve();
    await expect(run).resolves.toBe(2);
    await expect(worker.runOnce()).resolves.toBe(0);
    expect(hanging).toHaveLength(0);
    expect(b.sender.sent).toHaveLength(2);
    const stored = await Promise.all([1, 2, 3, 4, 5].map(async (day) => (await b.stores.chargebacks.findByNotificationId(`psp-cap-${day}:chargeback:2026-03-02:2500`))!));
    const delivered = stored.filter((c) => c.delivery?.deliveredAt !== undefined);
    expect(delivered.map((c) => c.notificationId).sort()).toEqual(b.sender.sent.map((m) => m.notificationId).sort());
    const left = stored.filter((c) => c.delivery?.deliveredAt === undefined);
    expect(left).toHaveLength(3);
    for (const c of stored) expect(c).not.toHaveProperty('lease');
    for (const c of left) expect(c.dueAt).toBeLessThanOrEqual(b.clock.now());
    await expect(workerWith({ owner: 'instance-2' }).runOnce()).resolves.toBe(3);
    expect(b.sender.sent).toHaveLength(5);
  });

  describe('on jest fake timers (the heartbeat paced by them)', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
    afterEach(() => jest.useRealTimers());

    it('its lease is renewed while a slow save runs: another instance cannot claim the chargeback before the save lands', async () => {
      await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
      await intake.receive(fact(), 'fake');
      const leaseMs = 300;
      const store = b.stores.chargebacks;
      let saving = false;
      let letSaveIn: () => void = () => undefined;
      let renewals = 0;
      // A store that takes its time over the save: the worker's save reaches it only when the test says so.
      const chargebacks: ChargebackRepository = Object.assign(Object.create(store) as ChargebackRepository, {
        renewLease: (...args: Parameters<ChargebackRepository['renewLease']>) => {
          renewals++;
          return store.renewLease(...args);
        },
        save: async (...args: Parameters<ChargebackRepository['save']>) => {
          saving = true;
          await new Promise<void>((resolve) => (letSaveIn = resolve));
          return store.save(...args);
        },
      });

      const run = workerWith({ chargebacks, leaseMs }).runOnce();
      for (let i = 0; i < 1_000 && !saving; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(saving).toBe(true);
      const before = renewals;
      // Two leases pass on the instance's clock while the save waits, the heartbeat beating meanwhile.
      for (let i = 0; i < 6; i++) {
        b.clock.advance(leaseMs / 3);
        await jest.advanceTimersByTimeAsync(leaseMs / 3);
      }
      expect(renewals).toBeGreaterThan(before);
      await expect(store.claimDue(b.clock.now(), 'instance-2', leaseMs)).resolves.toBeNull();
      letSaveIn();
      await expect(run).resolves.toBe(1);

      expect(b.logger.named('worker.lease_lost')).toEqual([]);
      expect(b.logger.named('chargeback.save_conflict')).toEqual([]);
      expect(b.sender.sent).toHaveLength(1);
      expect((await store.findByNotificationId('psp-cap-1:chargeback:2026-03-02:2500'))?.lease).toBeUndefined();
    });

    it('a renewal answered after its leased save released the lease is no lost lease', async () => {
      await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
      await intake.receive(fact(), 'fake');
      const leaseMs = 300;
      const store = b.stores.chargebacks;
      let saved = false;
      let answerSave: () => void = () => undefined;
      // The store applies the save (which releases the lease) at once, and its answer reaches the worker late.
      const chargebacks: ChargebackRepository = Object.assign(Object.create(store) as ChargebackRepository, {
        save: async (...args: Parameters<ChargebackRepository['save']>) => {
          const result = await store.save(...args);
          saved = true;
          await new Promise<void>((resolve) => (answerSave = resolve));
          return result;
        },
      });

      const run = workerWith({ chargebacks, leaseMs }).runOnce();
      for (let i = 0; i < 1_000 && !saved; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(saved).toBe(true);
      await jest.advanceTimersByTimeAsync(leaseMs);
      answerSave();
      await expect(run).resolves.toBe(1);

      expect(b.logger.named('worker.lease_lost')).toEqual([]);
      expect(b.sender.sent).toHaveLength(1);
      expect((await store.findByNotificationId('psp-cap-1:chargeback:2026-03-02:2500'))?.lease).toBeUndefined();
    });
  });
});
