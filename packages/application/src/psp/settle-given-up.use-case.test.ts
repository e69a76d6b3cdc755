import { DEFAULT_POLICY, DomainError, merchantId, nextDueAt, recordDispatch, requestRefund, startAttempt, applyFact, operationsOwedSince, type Session } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { SessionFactory } from '../notification/notification.fixtures';
import { SessionWriter } from '../session-writer';
import { SettleGivenUpOperation } from './settle-given-up.use-case';

describe('SettleGivenUpOperation (the operator records what the PSP shows for a given-up operation)', () => {
  let stores: EmbeddedStores;
  let clock: ManualClock;
  let logger: CapturingLogger;
  let settle: SettleGivenUpOperation;
  const ids = new UuidV7IdGenerator();

  beforeEach(() => {
    stores = createEmbeddedStores();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    logger = new CapturingLogger();
    const writer = new SessionWriter({ sessions: stores.sessions, clock, ids, policy: DEFAULT_POLICY, nextDueAt });
    settle = new SettleGivenUpOperation({ writer, logger });
  });

  /** A PAID session with a refund of 3 000 given up after its retries. */
  async function givenUpRefund(): Promise<{ session: Session; refundId: string }> {
    const factory = new SessionFactory({ merchantId: merchantId('shop'), now: () => clock.now(), newId: () => ids.newId() });
    const started = startAttempt(factory.pending({ total: 10_000 }), { methodId: 'card', amount: 10_000 }, factory.ctx());
    const granted = applyFact(started.session, { kind: 'authorized', ref: { transactionId: started.transactionId }, granted: { amount: 10_000, currency: 'EUR' as never } }, factory.ctx());
    const paid = applyFact(granted, { kind: 'captured', success: true, ref: { transactionId: operationsOwedSince(started.session, granted)[0]!.transactionId } }, factory.ctx());
    const refund = requestRefund(paid, started.attemptId, { amount: 3_000 }, factory.ctx());
    let session = refund.session;
    for (let send = 0; send <= DEFAULT_POLICY.dispatchRetryDelaysMs.length; send++) {
      session = recordDispatch(session, refund.transactionId, { ack: { outcome: 'unknown', message: 'HTTP 503' }, facts: [] }, factory.ctx());
    }
    await stores.sessions.insert({ ...session, version: 1 });
    return { session, refundId: refund.transactionId };
  }

  it('records the verdict, writes a warn line, and refuses a second time (no longer given up)', async () => {
    const { session, refundId } = await givenUpRefund();
    expect(await settle.execute({ sessionId: session.id, transactionId: refundId, verdict: 'failed', note: 'no trace at the PSP' })).toBe('settled');
    const stored = (await stores.sessions.findById(session.id))!;
    expect(stored.attempts[0]!.transactions.find((t) => t.id === refundId)!.status).toEqual({ kind: 'failed', statusMessage: 'Settled as failed by an operator: no trace at the PSP' });
    expect(logger.named('psp.operation_settled_by_operator')).toEqual([
      expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ sessionId: session.id, transactionId: refundId, type: 'refund', verdict: 'failed' }) }),
    ]);
    expect(await settle.execute({ sessionId: session.id, transactionId: refundId, verdict: 'succeeded', note: 'again' })).toBe('not-given-up');
    expect((await stores.sessions.findById(session.id))!.version).toBe(stored.version);
  });

  it('answers no-such-operation for an unknown transaction, and NotFound for an unknown session', async () => {
    const { session } = await givenUpRefund();
    expect(await settle.execute({ sessionId: session.id, transactionId: 'nope', verdict: 'failed', note: 'x' })).toBe('no-such-operation');
    await expect(settle.execute({ sessionId: '0190a000-0000-7000-8000-000000000000', transactionId: 'nope', verdict: 'failed', note: 'x' })).rejects.toThrow(DomainError);
  });
});
