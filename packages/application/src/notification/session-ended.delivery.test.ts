import { randomBytes } from 'node:crypto';
import { DEFAULT_POLICY, merchantId, nextDueAt, type MerchantAccount, type Session, type SessionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { AesGcmSecretSealer, CounterMetrics, ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { SessionWriter } from '../session-writer';
import { NOTIFICATION_ABANDONED_METRIC } from './message-delivery';
import { FAILED_500, ScriptedSender, SessionFactory } from './notification.fixtures';
import { SessionEndedDelivery } from './session-ended.delivery';

const DELAYS = [1_000, 60_000, 300_000];
const AUTHORIZATION = 'Bearer sentinel-webhook-authorization-4e1f';
const SIGNING_SECRET = `whsec_${randomBytes(32).toString('base64')}`;
const HOOK = 'https://merchant.example/hooks';

describe('SessionEndedDelivery (the session worker step)', () => {
  let clock: ManualClock;
  let stores: EmbeddedStores;
  let sender: ScriptedSender;
  let logger: CapturingLogger;
  let metrics: CounterMetrics;
  let writer: SessionWriter;
  let step: SessionEndedDelivery;
  let factory: SessionFactory;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    stores = createEmbeddedStores();
    sender = new ScriptedSender();
    logger = new CapturingLogger();
    metrics = new CounterMetrics();
    const sealer = new AesGcmSecretSealer({ key: randomBytes(32) });
    const ids = new UuidV7IdGenerator();
    const account: MerchantAccount = {
      merchantId: merchantId('m1'),
      secretHash: 'unused',
      webhookAuthorizationSealed: sealer.seal(AUTHORIZATION),
      webhookSigningSecretSealed: sealer.seal(SIGNING_SECRET),
      contracts: [],
      contacts: [],
    };
    await stores.merchants.upsert(account);
    writer = new SessionWriter({ sessions: stores.sessions, clock, ids, policy: { ...DEFAULT_POLICY, webhookRetryDelaysMs: DELAYS }, nextDueAt });
    step = new SessionEndedDelivery({ merchants: stores.merchants, sealer, sender, clock, logger, metrics, retryDelaysMs: DELAYS });
    factory = new SessionFactory({ merchantId: 'm1', now: () => clock.now(), newId: () => ids.newId() });
  });

  /** Stores an ended session the way the worker's ending write leaves it. */
  async function storeEnded(build: () => Session): Promise<Session> {
    const ended = build();
    const due = nextDueAt(ended);
    await stores.sessions.insert({ ...ended, version: 1, ...(due !== undefined ? { dueAt: due } : {}) });
    return (await stores.sessions.findById(ended.id))!;
  }

  /** One worker turn of the step: deliver if due, record through the writer. */
  async function turn(id: SessionId): Promise<Session> {
    const session = (await stores.sessions.findById(id))!;
    const command = await step.deliverDue(session);
    if (command) await writer.update(id, command, { initial: session });
    return (await stores.sessions.findById(id))!;
  }

  const paid = () => storeEnded(() => factory.paid(factory.pending({ notificationUrl: HOOK }), { authRef: 'psp-a-1', captureRef: 'psp-c-1', cardAlias: 'alias-9' }));

  it('delivers an owed ending on the first try and records it', async () => {
    const session = await paid();
    const delivery = session.notification!.delivery!;
    expect(session.dueAt).toBe(clock.now());

    const after = await turn(session.id);

    expect(sender.sent).toHaveLength(1);
    expect(sender.sent[0]).toEqual({
      url: HOOK,
      notificationId: `${session.id}:PAID`,
      payload: delivery.payload,
      authorization: AUTHORIZATION,
      signingSecret: SIGNING_SECRET,
    });
    expect(sender.sent[0]!.payload).toMatchObject({ event: 'session-ended', status: 'PAID', sessionId: session.id, orderId: 'order-1' });
    expect(after.notification!.delivery).toMatchObject({ deliveredAt: clock.now(), failures: 0, abandoned: false });
    expect(after.notification!.delivery).not.toHaveProperty('nextAttemptAt');
    expect(after.dueAt).toBeUndefined();
    expect(logger.named('notification.delivered')).toHaveLength(1);

    await turn(session.id);
    expect(sender.sent).toHaveLength(1);
  });

  it('sends nothing before the next try is due, after delivery, or when the session owes no message', async () => {
    const none = await storeEnded(() => factory.paid(factory.pending(), { authRef: 'a', captureRef: 'c' }));
    expect(none.notification).toBeUndefined();
    await expect(step.deliverDue(none)).resolves.toBeUndefined();

    sender.script = () => FAILED_500;
    const session = await paid();
    await turn(session.id);
    clock.advance(999);
    const waiting = (await stores.sessions.findById(session.id))!;
    expect(step.isDue(waiting)).toBe(false);
    await expect(step.deliverDue(waiting)).resolves.toBeUndefined();
    expect(sender.sent).toHaveLength(1);
  });

  it('retries at t+1 s, t+1 min, t+5 min, then abandons with the operator alert', async () => {
    sender.script = () => FAILED_500;
    const session = await paid();
    const t = clock.now();
    const notificationId = `${session.id}:PAID`;

    const stages: [number, number, number | undefined][] = [
      // [clock offset from t, failures after the try, next try at]
      [0, 1, t + 1_000],
      [1_000, 2, t + 60_000],
      [60_000, 3, t + 300_000],
    ];
    for (const [offset, failures, next] of stages) {
      clock.set(t + offset);
      const after = await turn(session.id);
      expect(after.notification!.delivery).toMatchObject({ failures, abandoned: false, nextAttemptAt: next });
      expect(after.dueAt).toBe(next);
      expect(logger.named('notification.abandoned')).toHaveLength(0);
    }
    clock.set(t + 299_999);
    await turn(session.id);
    expect(sender.sent).toHaveLength(3);

    clock.set(t + 300_000);
    const abandoned = await turn(session.id);
    expect(sender.sent).toHaveLength(4);
    expect(sender.sent.every((m) => m.notificationId === notificationId)).toBe(true);
    expect(abandoned.notification!.delivery).toMatchObject({ failures: 4, abandoned: true });
    expect(abandoned.notification!.delivery).not.toHaveProperty('deliveredAt');
    expect(abandoned.dueAt).toBeUndefined();

    const alerts = logger.named('notification.abandoned');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ level: 'error', fields: { notificationId, messageEvent: 'session-ended', failures: 4 } });
    expect(metrics.value(NOTIFICATION_ABANDONED_METRIC, { event: 'session-ended' })).toBe(1);

    clock.advance(3_600_000);
    await turn(session.id);
    expect(sender.sent).toHaveLength(4);
  });

  it('a try that succeeds after failures stops the calendar', async () => {
    sender.script = (i) => (i < 2 ? FAILED_500 : { received: true, httpStatus: 200 });
    const session = await paid();
    const t = clock.now();
    await turn(session.id);
    clock.set(t + 1_000);
    await turn(session.id);
    clock.set(t + 60_000);
    const after = await turn(session.id);
    expect(after.notification!.delivery).toMatchObject({ failures: 2, abandoned: false, deliveredAt: t + 60_000 });
    expect(after.dueAt).toBeUndefined();
  });

  it('an account that is gone counts as a failed try, never a throw', async () => {
    const session = await storeEnded(() => factory.paid(factory.pending({ notificationUrl: HOOK }), { authRef: 'a', captureRef: 'c' }));
    const orphan = { ...session, merchantId: merchantId('gone') };
    const command = await step.deliverDue(orphan);
    expect(sender.sent).toHaveLength(0);
    const { session: recorded } = await writer.update(session.id, command!, { initial: session });
    expect(recorded.notification!.delivery).toMatchObject({ failures: 1, abandoned: false });
    expect(logger.named('notification.failed')[0]!.fields).toMatchObject({ reason: 'merchant account not found' });
  });

  it('records nothing over a delivery state that moved meanwhile', async () => {
    const session = await paid();
    const command = await step.deliverDue(session);
    const moved = { ...session, notification: { ...session.notification!, delivery: { ...session.notification!.delivery!, failures: 2 } } };
    const applied = command!(moved, writer.context());
    expect(applied.session).toBe(moved);
    expect(applied.result.result).toBe('stale');
  });

  it('never logs the authorization value or the signing secret', async () => {
    sender.script = () => FAILED_500;
    const session = await paid();
    for (const offset of [0, 1_000, 60_000, 300_000]) {
      clock.set(session.createdAt + offset);
      await turn(session.id);
    }
    const text = JSON.stringify(logger.lines);
    expect(text).not.toContain('sentinel-webhook-authorization');
    expect(text).not.toContain(SIGNING_SECRET.slice(6));
  });
});
