import { applyFact } from '../session/apply-fact';
import { owedOperations, recordDispatch } from '../session/owed-operations';
import type { Session } from '../session/session.model';
import { refundable } from '../rules/refundable.rule';
import { T0, attemptIn, capturedCard, ctxAt, endedSession } from './refund.fixture';
import { requestRefund } from './request-refund';
import { DomainError } from '../errors/domain-error';
import { settleGivenUpOperation } from '../session/settle-given-up';

/** A refund of 600 whose every send got no usable answer (a 503, a timeout) until the retries were spent. */
function givenUpRefund(): { session: Session; refundId: string; cardId: string; now: number } {
  const card = capturedCard(1_000);
  const first = requestRefund(endedSession([card]), card.id, { amount: 600, idempotencyKey: 'k1' }, ctxAt(T0 + 1_000));
  let session = first.session;
  let now = T0 + 1_000;
  for (let send = 0; send <= ctxAt(now).policy.dispatchRetryDelaysMs.length; send++) {
    now += 700_000;
    session = recordDispatch(session, first.transactionId, { ack: { outcome: 'unknown', message: 'HTTP 503' }, facts: [] }, ctxAt(now));
  }
  return { session, refundId: first.transactionId, cardId: card.id, now };
}

const refundOf = (session: Session, cardId: string, id: string) => attemptIn(session, cardId).transactions.find((t) => t.id === id)!;

describe('a refund given up after its retries (its answers lost: the PSP may well have refunded)', () => {
  it('is sent no more, but stays pending: nothing refundable comes back and a second refund meets it in flight', () => {
    const { session, refundId, cardId, now } = givenUpRefund();
    const refund = refundOf(session, cardId, refundId);
    expect(refund.dispatch).toMatchObject({ state: 'given-up' });
    expect(refund.status).toEqual({ kind: 'pending' });
    expect(owedOperations(session, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(attemptIn(session, cardId).refunded.amount).toBe(0);
    const second = () => requestRefund(session, cardId, { amount: 300, idempotencyKey: 'k2' }, ctxAt(now));
    expect(second).toThrow(DomainError);
    expect(second).toThrow(expect.objectContaining({ code: 'RefundInFlight' }));
  });

  it("the PSP's late success settles it: refunded counts it, 400 remain refundable", () => {
    const { session, refundId, cardId, now } = givenUpRefund();
    const settled = applyFact(session, { kind: 'refunded', success: true, ref: { transactionId: refundId } }, ctxAt(now + 1_000));
    expect(refundOf(settled, cardId, refundId).status.kind).toBe('succeeded');
    expect(attemptIn(settled, cardId).refunded.amount).toBe(600);
    expect(refundable(attemptIn(settled, cardId)).amount).toBe(400);
  });

  it("the PSP's late failure settles it: the amount is refundable again", () => {
    const { session, refundId, cardId, now } = givenUpRefund();
    const settled = applyFact(session, { kind: 'refunded', success: false, ref: { transactionId: refundId }, statusCode: 'REFUSED' }, ctxAt(now + 1_000));
    expect(refundOf(settled, cardId, refundId).status).toMatchObject({ kind: 'failed', statusCode: 'REFUSED' });
    expect(refundable(attemptIn(settled, cardId)).amount).toBe(1_000);
    expect(requestRefund(settled, cardId, { amount: 1_000 }, ctxAt(now + 2_000)).replayed).toBe(false);
  });
});

describe('an operator settles a given-up refund the PSP never answered (checked at the PSP)', () => {
  it('as failed: the amount is refundable again; the note is a service-made statusMessage', () => {
    const { session, refundId, cardId, now } = givenUpRefund();
    const settled = settleGivenUpOperation(session, refundId, 'failed', 'no trace at the PSP (ticket 42)', ctxAt(now + 1));
    expect(settled.kind).toBe('settled');
    const after = settled.kind === 'settled' ? settled.session : session;
    expect(refundOf(after, cardId, refundId).status).toEqual({ kind: 'failed', statusMessage: 'Settled as failed by an operator: no trace at the PSP (ticket 42)' });
    expect(refundable(attemptIn(after, cardId)).amount).toBe(1_000);
  });

  it('as succeeded: counted in refunded', () => {
    const { session, refundId, cardId, now } = givenUpRefund();
    const settled = settleGivenUpOperation(session, refundId, 'succeeded', 'seen at the PSP', ctxAt(now + 1));
    expect(settled.kind === 'settled' && attemptIn(settled.session, cardId).refunded.amount).toBe(600);
  });

  it('refuses an operation not given up (owed, sent or final) and one that is no capture, void or refund', () => {
    const card = capturedCard(1_000);
    const owed = requestRefund(endedSession([card]), card.id, { amount: 600 }, ctxAt(T0 + 1_000));
    expect(settleGivenUpOperation(owed.session, owed.transactionId, 'failed', 'x', ctxAt(T0 + 2_000))).toEqual({ kind: 'refused', reason: 'not-given-up' });
    const { session, refundId, now } = givenUpRefund();
    const done = applyFact(session, { kind: 'refunded', success: true, ref: { transactionId: refundId } }, ctxAt(now + 1));
    expect(settleGivenUpOperation(done, refundId, 'failed', 'x', ctxAt(now + 2))).toEqual({ kind: 'refused', reason: 'not-given-up' });
    const opening = session.attempts[0]!.transactions[0]!.id;
    expect(settleGivenUpOperation(session, opening, 'failed', 'x', ctxAt(now + 2))).toEqual({ kind: 'refused', reason: 'no-such-operation' });
    expect(settleGivenUpOperation(session, 'nope', 'failed', 'x', ctxAt(now + 2))).toEqual({ kind: 'refused', reason: 'no-such-operation' });
  });
});
