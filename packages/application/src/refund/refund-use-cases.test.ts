import { DEFAULT_POLICY, merchantId, nextDueAt, type Session, type SessionId, type TransactionId } from '@splitpay/domain';
import { CapturingLogger, refusalOf } from '@splitpay/domain/src/testing';
import { ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { SessionFactory } from '../notification/notification.fixtures';
import { SessionWriter } from '../session-writer';
import { RefundAttempt } from './refund-attempt.use-case';
import type { RefundSender } from './refund-sender';
import { RefundSession } from './refund-session.use-case';
import { RefundTransaction } from './refund-transaction.use-case';

const SHOP = merchantId('shop');

/** A RefundSender that records what it was asked to send; it may be told to fail. */
class ScriptedRefundSender implements RefundSender {
  readonly sent: TransactionId[][] = [];
  failWith: Error | undefined;
  async sendNow(session: Session, transactionIds: readonly TransactionId[]): Promise<Session> {
    this.sent.push([...transactionIds]);
    if (this.failWith) throw this.failWith;
    return session;
  }
}

describe('refund use cases', () => {
  let stores: EmbeddedStores;
  let clock: ManualClock;
  let sender: ScriptedRefundSender;
  let logger: CapturingLogger;
  let deps: ConstructorParameters<typeof RefundAttempt>[0];
  let paid: Session;

  beforeEach(async () => {
    stores = createEmbeddedStores();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    const ids = new UuidV7IdGenerator();
    sender = new ScriptedRefundSender();
    logger = new CapturingLogger();
    const writer = new SessionWriter({ sessions: stores.sessions, clock, ids, policy: DEFAULT_POLICY, nextDueAt });
    deps = { sessions: stores.sessions, writer, sender, logger };
    const factory = new SessionFactory({ merchantId: SHOP, now: () => clock.now(), newId: () => ids.newId() });
    paid = factory.paid(factory.pending({ total: 1_000 }), { authRef: 'auth-1', captureRef: 'cap-1' });
    await stores.sessions.insert({ ...paid, version: 1 });
    paid = (await stores.sessions.findById(paid.id))!;
  });

  const stored = async (): Promise<Session> => (await stores.sessions.findById(paid.id))!;
  const attemptId = () => paid.attempts[0]!.id;
  const captureId = () => paid.attempts[0]!.transactions.find((t) => t.type === 'capture')!.id;

  it('records the refund owed, sends it right away, and answers it with its session and attempt context', async () => {
    const answer = await new RefundAttempt(deps).execute({ merchantId: SHOP, attemptId: attemptId(), amount: 300, extraData: 'tag', idempotencyKey: 'k1' });
    const [refund] = answer.refunds;
    expect(refund).toMatchObject({ sessionId: paid.id, merchantId: SHOP, orderId: paid.orderId, attemptId: attemptId(), method: 'card', cardScheme: 'visa' });
    expect(refund?.transaction).toMatchObject({ type: 'refund', amount: { amount: 300 }, status: { kind: 'pending' }, extraData: 'tag', idempotencyKey: 'k1' });
    expect(sender.sent).toEqual([[refund!.transaction.id]]);
    const session = await stored();
    expect(session.version).toBe(2);
    expect(session.attempts[0]!.transactions.at(-1)?.dispatch).toEqual({ state: 'owed', tries: 0, nextAt: clock.now() + DEFAULT_POLICY.dispatchCallMs + DEFAULT_POLICY.dispatchAckSaveMs });
    expect(session.dueAt).toBe(clock.now() + DEFAULT_POLICY.dispatchCallMs + DEFAULT_POLICY.dispatchAckSaveMs);
  });

  it('replays a recorded key without a write and without a second send', async () => {
    const first = await new RefundAttempt(deps).execute({ merchantId: SHOP, attemptId: attemptId(), amount: 300, idempotencyKey: 'k1' });
    const again = await new RefundTransaction(deps).execute({ merchantId: SHOP, transactionId: captureId(), amount: 300, idempotencyKey: 'k1' });
    expect(again.refunds.map((r) => r.transaction.id)).toEqual(first.refunds.map((r) => r.transaction.id));
    expect(sender.sent).toHaveLength(1);
    expect((await stored()).version).toBe(2);
  });

  it('records nothing and sends nothing for a refused request', async () => {
    expect(await refusalOf(() => new RefundAttempt(deps).execute({ merchantId: SHOP, attemptId: attemptId(), amount: 1_001, idempotencyKey: 'k2' }))).toBe('RefundExceedsRefundable');
    expect(await refusalOf(() => new RefundAttempt(deps).execute({ merchantId: SHOP, attemptId: attemptId(), idempotencyKey: 'k'.repeat(65) }))).toBe('InvalidRequest');
    expect(sender.sent).toEqual([]);
    expect((await stored()).version).toBe(1);
    // The refused key names nothing: it may be used for a refund now.
    await new RefundAttempt(deps).execute({ merchantId: SHOP, attemptId: attemptId(), amount: 1_000, idempotencyKey: 'k2' });
    expect(sender.sent).toHaveLength(1);
  });

  it('still answers when the immediate send fails: the refund stays owed for the worker', async () => {
    sender.failWith = new Error('store unreachable');
    const answer = await new RefundSession(deps).execute({ merchantId: SHOP, sessionId: paid.id });
    expect(answer.refunds.map((r) => [r.transaction.amount.amount, r.transaction.status.kind, r.transaction.dispatch?.state])).toEqual([[1_000, 'pending', 'owed']]);
    expect(logger.named('refund.send_failed')).toHaveLength(1);
    expect((await stored()).attempts[0]!.transactions.at(-1)?.dispatch?.state).toBe('owed');
  });

  it('answers NotFound for another merchant resources and for ids that cannot be ours', async () => {
    const other = merchantId('other');
    expect(await refusalOf(() => new RefundSession(deps).execute({ merchantId: other, sessionId: paid.id }))).toBe('NotFound');
    expect(await refusalOf(() => new RefundAttempt(deps).execute({ merchantId: other, attemptId: attemptId() }))).toBe('NotFound');
    expect(await refusalOf(() => new RefundTransaction(deps).execute({ merchantId: other, transactionId: captureId() }))).toBe('NotFound');
    expect(await refusalOf(() => new RefundSession(deps).execute({ merchantId: SHOP, sessionId: 'nope' as SessionId }))).toBe('NotFound');
    expect((await stored()).version).toBe(1);
  });
});
