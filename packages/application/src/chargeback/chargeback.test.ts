import { randomBytes } from 'node:crypto';
import { merchantId, money, nextDueAt, type MerchantAccount, type Session } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { AesGcmSecretSealer, CounterMetrics, ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { NOTIFICATION_ABANDONED_METRIC } from '../notification/message-delivery';
import { FAILED_500, ScriptedSender, SessionFactory } from '../notification/notification.fixtures';
import { ChargebackWorker } from './chargeback.worker';
import { ChargebackIntake, type ChargebackFact } from './receive-chargeback';

const DELAYS = [1_000, 60_000, 300_000];
const CHARGEBACK_URL = 'https://merchant.example/disputes';
const AUTHORIZATION = 'Basic c2VudGluZWwtY2I=';

describe('chargebacks: intake and worker', () => {
  let clock: ManualClock;
  let stores: EmbeddedStores;
  let sender: ScriptedSender;
  let logger: CapturingLogger;
  let metrics: CounterMetrics;
  let intake: ChargebackIntake;
  let worker: ChargebackWorker;
  let factory: SessionFactory;
  let sealer: AesGcmSecretSealer;

  async function account(id: string, chargebackUrl?: string): Promise<void> {
    const acc: MerchantAccount = {
      merchantId: merchantId(id),
      secretHash: 'x',
      ...(chargebackUrl ? { chargebackUrl } : {}),
      webhookAuthorizationSealed: sealer.seal(AUTHORIZATION),
      webhookSigningSecretSealed: sealer.seal('whsec_c2VjcmV0'),
      contracts: [],
      contacts: [],
    };
    await stores.merchants.upsert(acc);
  }

  function workerWith(overrides: Partial<ConstructorParameters<typeof ChargebackWorker>[0]> = {}): ChargebackWorker {
    return new ChargebackWorker({
      chargebacks: stores.chargebacks,
      merchants: stores.merchants,
      sealer,
      sender,
      clock,
      logger,
      metrics,
      retryDelaysMs: DELAYS,
      owner: 'instance-1',
      ...overrides,
    });
  }

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    stores = createEmbeddedStores();
    sender = new ScriptedSender();
    logger = new CapturingLogger();
    metrics = new CounterMetrics();
    sealer = new AesGcmSecretSealer({ key: randomBytes(32) });
    const ids = new UuidV7IdGenerator();
    await account('m1', CHARGEBACK_URL);
    await account('quiet');
    intake = new ChargebackIntake({ sessions: stores.sessions, chargebacks: stores.chargebacks, merchants: stores.merchants, clock, logger });
    worker = workerWith();
    factory = new SessionFactory({ merchantId: 'm1', now: () => clock.now(), newId: () => ids.newId() });
  });

  async function paidSession(refs: { authRef: string; captureRef: string }, merchant = 'm1'): Promise<Session> {
    const ids = new UuidV7IdGenerator();
    const f = merchant === 'm1' ? factory : new SessionFactory({ merchantId: merchant, now: () => clock.now(), newId: () => ids.newId() });
    const session = f.paid(f.pending(), refs);
    const due = nextDueAt(session);
    await stores.sessions.insert({ ...session, version: 1, ...(due !== undefined ? { dueAt: due } : {}) });
    return (await stores.sessions.findById(session.id))!;
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

    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]).toMatchObject({ url: CHARGEBACK_URL, notificationId: 'psp-cap-1:chargeback:2026-03-02:2500', authorization: AUTHORIZATION, signingSecret: 'whsec_c2VjcmV0' });
    expect(sender.sent[0]!.payload).toEqual({
      event: 'chargeback',
      notificationId: 'psp-cap-1:chargeback:2026-03-02:2500',
      orderId: session.orderId,
      sessionId: session.id,
      attemptId: attempt.id,
      transactionId: capture.id,
      type: 'chargeback',
      amount: { amount: 2_500, currency: 'EUR' },
      provider: 'fake',
      providerRef: 'psp-cap-1',
      reasonCode: '4837',
      status: 'first-chargeback',
      date: '2026-03-02',
      validUntil: '2026-04-01',
    });
    const stored = await stores.chargebacks.findByNotificationId('psp-cap-1:chargeback:2026-03-02:2500');
    expect(stored!.delivery).toMatchObject({ deliveredAt: clock.now(), failures: 0, abandoned: false });
    expect(stored!.dueAt).toBeUndefined();
    expect(stored!.lease).toBeUndefined();
    await expect(worker.runOnce()).resolves.toBe(0);
  });

  it('a reference naming the authorization attaches to it', async () => {
    const session = await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact({ providerRef: 'psp-auth-1' }), 'fake');
    const stored = await stores.chargebacks.findByNotificationId('psp-auth-1:chargeback:2026-03-02:2500');
    expect(stored!.transactionId).toBe(session.attempts[0]!.transactions[0]!.id);
  });

  it('never changes the session: status, captured, refundable, version', async () => {
    const session = await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact({ amount: money(10_000, 'EUR') }), 'fake');
    await worker.runOnce();
    expect(await stores.sessions.findById(session.id)).toEqual(session);
  });

  it('attaches to nothing of a merchant\'s: nothing stored, nothing sent', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await expect(intake.receive(fact({ providerRef: 'unknown-ref' }), 'fake')).resolves.toEqual({ kind: 'unattached' });
    await expect(intake.receive(fact(), 'other-psp')).resolves.toEqual({ kind: 'unattached' });
    await worker.runOnce();
    expect(sender.sent).toHaveLength(0);
    expect(await stores.chargebacks.findByNotificationId('unknown-ref:chargeback:2026-03-02:2500')).toBeNull();
    expect(logger.named('chargeback.unattached')).toHaveLength(2);
  });

  it('an account without a chargeback address: stored, never sent', async () => {
    await paidSession({ authRef: 'q-auth', captureRef: 'q-cap' }, 'quiet');
    await expect(intake.receive(fact({ providerRef: 'q-cap' }), 'fake')).resolves.toMatchObject({ kind: 'recorded', delivery: 'no-address' });
    clock.advance(3_600_000);
    await expect(worker.runOnce()).resolves.toBe(0);
    expect(sender.sent).toHaveLength(0);
    const stored = await stores.chargebacks.findByNotificationId('q-cap:chargeback:2026-03-02:2500');
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
    expect(sender.sent.map((m) => m.notificationId).sort()).toEqual([
      'psp-cap-1:chargeback:2026-03-02:2500',
      'psp-cap-1:chargeback:2026-03-02:2501',
      'psp-cap-1:chargeback:2026-03-03:2500',
    ]);
  });

  it('50 concurrent duplicates store one chargeback and send one message', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    const receipts = await Promise.all(Array.from({ length: 50 }, () => intake.receive(fact(), 'fake')));
    expect(receipts.filter((r) => r.kind === 'recorded')).toHaveLength(1);
    expect(receipts.filter((r) => r.kind === 'duplicate')).toHaveLength(49);
    await Promise.all([worker.runOnce(), worker.runOnce()]);
    expect(sender.sent).toHaveLength(1);
  });

  it('follows the same calendar, then abandons with the operator alert', async () => {
    sender.script = () => FAILED_500;
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact(), 'fake');
    const t = clock.now();
    const id = 'psp-cap-1:chargeback:2026-03-02:2500';

    await worker.runOnce();
    expect(await stores.chargebacks.findByNotificationId(id)).toMatchObject({ dueAt: t + 1_000, delivery: { failures: 1, nextAttemptAt: t + 1_000 } });
    clock.set(t + 999);
    await expect(worker.runOnce()).resolves.toBe(0);
    for (const at of [1_000, 60_000]) {
      clock.set(t + at);
      await expect(worker.runOnce()).resolves.toBe(1);
    }
    expect(logger.named('notification.abandoned')).toHaveLength(0);
    clock.set(t + 300_000);
    await worker.runOnce();

    expect(sender.sent).toHaveLength(4);
    const stored = await stores.chargebacks.findByNotificationId(id);
    expect(stored!.delivery).toMatchObject({ failures: 4, abandoned: true });
    expect(stored!.dueAt).toBeUndefined();
    expect(logger.named('notification.abandoned')).toEqual([expect.objectContaining({ level: 'error', fields: expect.objectContaining({ notificationId: id, messageEvent: 'chargeback' }) })]);
    expect(metrics.value(NOTIFICATION_ABANDONED_METRIC, { event: 'chargeback' })).toBe(1);
    clock.advance(3_600_000);
    await expect(worker.runOnce()).resolves.toBe(0);
  });

  it('a store fault on one chargeback neither stops the run nor starves the others; it is retried once its lease lapses', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact({ date: '2026-03-02' }), 'fake');
    await intake.receive(fact({ date: '2026-03-03' }), 'fake');
    let faults = 1;
    const flaky = workerWith({
      merchants: {
        ...stores.merchants,
        findById: async (id) => {
          if (faults-- > 0) throw new Error('store unavailable');
          return stores.merchants.findById(id);
        },
      },
      leaseMs: 60_000,
    });

    await expect(flaky.runOnce()).resolves.toBe(2);
    expect(sender.sent).toHaveLength(1);
    expect(logger.named('chargeback_worker.work_failed')).toHaveLength(1);

    await expect(flaky.runOnce()).resolves.toBe(0);
    clock.advance(60_001);
    await expect(flaky.runOnce()).resolves.toBe(1);
    expect(sender.sent.map((m) => m.notificationId).sort()).toEqual(['psp-cap-1:chargeback:2026-03-02:2500', 'psp-cap-1:chargeback:2026-03-03:2500']);
  });

  it('a chargeback leased by a crashed instance is delivered once its lease lapses', async () => {
    await paidSession({ authRef: 'psp-auth-1', captureRef: 'psp-cap-1' });
    await intake.receive(fact(), 'fake');
    expect(await stores.chargebacks.claimDue(clock.now(), 'crashed-instance', 60_000)).not.toBeNull();
    await expect(worker.runOnce()).resolves.toBe(0);
    clock.advance(60_000);
    await expect(worker.runOnce()).resolves.toBe(1);
    await worker.runOnce();
    expect(sender.sent).toHaveLength(1);
  });
});
