import { randomBytes } from 'node:crypto';
import { DEFAULT_POLICY, merchantId, nextDueAt, type Session, type SessionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { AesGcmSecretSealer, CounterMetrics, ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { SessionWriter } from '../session-writer';
import { FAILED_500, ScriptedSender, SessionFactory } from './notification.fixtures';
import { ReplaySessionNotification } from './replay-notification';
import { SessionEndedDelivery } from './session-ended.delivery';

const DELAYS = [10, 20, 30];
const HOOK = 'https://merchant.example/hooks';
const M1 = merchantId('m1');

describe('ReplaySessionNotification', () => {
  let clock: ManualClock;
  let stores: EmbeddedStores;
  let sender: ScriptedSender;
  let writer: SessionWriter;
  let step: SessionEndedDelivery;
  let replay: ReplaySessionNotification;
  let factory: SessionFactory;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    stores = createEmbeddedStores();
    sender = new ScriptedSender();
    const logger = new CapturingLogger();
    const sealer = new AesGcmSecretSealer({ key: randomBytes(32) });
    const ids = new UuidV7IdGenerator();
    await stores.merchants.upsert({ merchantId: M1, secretHash: 'x', webhookSigningSecretSealed: sealer.seal('whsec_c2VjcmV0'), contracts: [], contacts: [] });
    writer = new SessionWriter({ sessions: stores.sessions, clock, ids, policy: { ...DEFAULT_POLICY, webhookRetryDelaysMs: DELAYS }, nextDueAt });
    step = new SessionEndedDelivery({ merchants: stores.merchants, sealer, sender, clock, logger, metrics: new CounterMetrics(), retryDelaysMs: DELAYS });
    replay = new ReplaySessionNotification({ sessions: stores.sessions, writer, logger });
    factory = new SessionFactory({ merchantId: 'm1', now: () => clock.now(), newId: () => ids.newId() });
  });

  async function store(session: Session): Promise<Session> {
    const due = nextDueAt(session);
    await stores.sessions.insert({ ...session, version: 1, ...(due !== undefined ? { dueAt: due } : {}) });
    return session;
  }

  async function turn(id: SessionId): Promise<Session> {
    const session = (await stores.sessions.findById(id))!;
    const command = await step.deliverDue(session);
    if (command) await writer.update(id, command, { initial: session });
    return (await stores.sessions.findById(id))!;
  }

  async function abandon(id: SessionId): Promise<Session> {
    sender.script = () => FAILED_500;
    let session = await turn(id);
    while (!session.notification!.delivery!.abandoned) {
      clock.set(session.notification!.delivery!.nextAttemptAt!);
      session = await turn(id);
    }
    return session;
  }

  const paid = (input = {}) => store(factory.paid(factory.pending({ notificationUrl: HOOK, ...input }), { authRef: 'a', captureRef: 'c' }));
  const refusal = (id: string, asMerchant = M1) => replay.execute({ merchantId: asMerchant, sessionId: id as SessionId }).then(
    () => 'accepted',
    (e: { code?: string }) => e.code,
  );

  it('re-arms an abandoned calendar with the same notificationId, answering the state as it stood', async () => {
    const session = await paid();
    const abandoned = await abandon(session.id);
    expect(abandoned.notification!.delivery).toMatchObject({ failures: 4, abandoned: true });
    clock.advance(3_600_000);

    await expect(replay.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 4, abandoned: true });

    const rearmed = (await stores.sessions.findById(session.id))!;
    expect(rearmed.notification!.delivery).toEqual({
      url: HOOK,
      notificationId: `${session.id}:PAID`,
      payload: abandoned.notification!.delivery!.payload,
      failures: 0,
      abandoned: false,
      nextAttemptAt: clock.now(),
    });
    expect(rearmed.dueAt).toBe(clock.now());

    sender.script = () => ({ received: true, httpStatus: 200 });
    const delivered = await turn(session.id);
    expect(sender.sent.at(-1)!.notificationId).toBe(`${session.id}:PAID`);
    expect(sender.sent.at(-1)!.payload).toEqual(abandoned.notification!.delivery!.payload);
    expect(delivered.notification!.delivery).toMatchObject({ deliveredAt: clock.now(), failures: 0, abandoned: false });
  });

  it('the re-armed calendar runs whole again: four more tries before abandoning', async () => {
    const session = await paid();
    await abandon(session.id);
    await replay.execute({ merchantId: M1, sessionId: session.id });
    const again = await abandon(session.id);
    expect(sender.sent).toHaveLength(8);
    expect(again.notification!.delivery).toMatchObject({ failures: 4, abandoned: true });
  });

  it('an acknowledged message is replayable: owed again, from scratch', async () => {
    const session = await paid();
    await turn(session.id);
    await expect(replay.execute({ merchantId: M1, sessionId: session.id })).resolves.toEqual({ url: HOOK, failures: 0, abandoned: false });
    const rearmed = (await stores.sessions.findById(session.id))!;
    expect(rearmed.notification!.delivery).not.toHaveProperty('deliveredAt');
    expect(step.isDue(rearmed)).toBe(true);
    await turn(session.id);
    expect(sender.sent.map((m) => m.notificationId)).toEqual([`${session.id}:PAID`, `${session.id}:PAID`]);
  });

  it('NotificationNotAbandoned while the calendar runs, before the first try and between retries', async () => {
    const session = await paid();
    await expect(refusal(session.id)).resolves.toBe('NotificationNotAbandoned');
    sender.script = () => FAILED_500;
    await turn(session.id);
    await expect(refusal(session.id)).resolves.toBe('NotificationNotAbandoned');
    const unchanged = (await stores.sessions.findById(session.id))!;
    expect(unchanged.notification!.delivery).toMatchObject({ failures: 1, abandoned: false });
  });

  it('SessionNotEnded before the end', async () => {
    const pending = await store(factory.pending({ notificationUrl: HOOK }));
    await expect(refusal(pending.id)).resolves.toBe('SessionNotEnded');
  });

  it('NoNotificationUrl when the session declared no address', async () => {
    const silent = await store(factory.paid(factory.pending(), { authRef: 'a', captureRef: 'c' }));
    await expect(refusal(silent.id)).resolves.toBe('NoNotificationUrl');
  });

  it('NotFound for another merchant\'s session and for an unknown one, alike', async () => {
    const session = await paid();
    await abandon(session.id);
    await expect(refusal(session.id, merchantId('m2'))).resolves.toBe('NotFound');
    await expect(refusal('0190f0a0-0000-7000-8000-00000000dead')).resolves.toBe('NotFound');
    const untouched = (await stores.sessions.findById(session.id))!;
    expect(untouched.notification!.delivery!.abandoned).toBe(true);
  });

  it('an ended session whose message was never built gets it built on replay', async () => {
    const ended = factory.paid(factory.pending({ notificationUrl: HOOK }), { authRef: 'a', captureRef: 'c' });
    const bare = await store({ ...ended, notification: { url: HOOK } });
    await expect(replay.execute({ merchantId: M1, sessionId: bare.id })).resolves.toEqual({ url: HOOK, failures: 0, abandoned: false });
    const built = (await stores.sessions.findById(bare.id))!.notification!.delivery!;
    expect(built).toMatchObject({ notificationId: `${bare.id}:PAID`, failures: 0, abandoned: false, nextAttemptAt: clock.now() });
    expect(built.payload).toEqual(ended.notification!.delivery!.payload);
  });
});
