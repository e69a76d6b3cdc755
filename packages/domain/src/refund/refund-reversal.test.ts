import { applyFact } from '../session/apply-fact';
import { refundable } from '../rules/refundable.rule';
import type { Session } from '../session/session.model';
import { T0, attemptIn, capturedCard, ctxAt, endedSession } from './refund.fixture';
import { requestRefund } from './request-refund';

/** A card attempt of 600 whose refund of 400 the PSP confirmed. */
function refundedOnce(): { session: Session; cardId: string; refundId: string } {
  const card = capturedCard(600);
  const first = requestRefund(endedSession([card]), card.id, { amount: 400 }, ctxAt(T0 + 1_000));
  const session = applyFact(first.session, { kind: 'refunded', success: true, ref: { transactionId: first.transactionId } }, ctxAt(T0 + 2_000));
  return { session, cardId: card.id, refundId: first.transactionId };
}

describe('a refund the PSP reverses after confirming it (the scheme rejected it, or its money came back)', () => {
  it('fails with the PSP code; its amount leaves refunded and is refundable again', () => {
    const { session, cardId, refundId } = refundedOnce();
    expect(attemptIn(session, cardId).refunded.amount).toBe(400);
    const reversed = applyFact(session, { kind: 'refunded', success: false, reverses: true, ref: { transactionId: refundId }, statusCode: 'REFUNDED_REVERSED' }, ctxAt(T0 + 86_400_000));
    const attempt = attemptIn(reversed, cardId);
    expect(attempt.transactions.find((t) => t.id === refundId)).toMatchObject({ status: { kind: 'failed', statusCode: 'REFUNDED_REVERSED' }, updatedAt: T0 + 86_400_000 });
    expect(attempt.refunded.amount).toBe(0);
    expect(refundable(attempt).amount).toBe(600);
    expect(requestRefund(reversed, cardId, { amount: 600 }, ctxAt(T0 + 86_500_000)).replayed).toBe(false);
  });

  it('a reversal sent again changes nothing more; a plain failure or a success resent on the succeeded refund changes nothing', () => {
    const { session, cardId, refundId } = refundedOnce();
    const reversal = { kind: 'refunded' as const, success: false, reverses: true as const, ref: { transactionId: refundId }, statusCode: 'REFUND_FAILED' };
    const once = applyFact(session, reversal, ctxAt(T0 + 3_000));
    expect(applyFact(once, reversal, ctxAt(T0 + 4_000))).toBe(once);
    expect(attemptIn(once, cardId).refunded.amount).toBe(0);
    expect(applyFact(session, { kind: 'refunded', success: false, ref: { transactionId: refundId } }, ctxAt(T0 + 3_000))).toBe(session);
    expect(applyFact(session, { kind: 'refunded', success: true, reverses: undefined, ref: { transactionId: refundId } } as never, ctxAt(T0 + 3_000))).toBe(session);
  });

  it('on a refund still pending, a plain failure', () => {
    const card = capturedCard(600);
    const first = requestRefund(endedSession([card]), card.id, { amount: 400 }, ctxAt(T0 + 1_000));
    const failed = applyFact(first.session, { kind: 'refunded', success: false, reverses: true, ref: { transactionId: first.transactionId }, statusCode: 'REFUND_FAILED' }, ctxAt(T0 + 2_000));
    expect(attemptIn(failed, card.id).transactions.at(-1)!.status).toEqual({ kind: 'failed', statusCode: 'REFUND_FAILED' });
    expect(attemptIn(failed, card.id).refunded.amount).toBe(0);
  });
});
