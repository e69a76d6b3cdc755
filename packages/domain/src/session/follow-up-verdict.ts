import type { Attempt } from '../attempt/attempt.model';
import { replaceTransaction } from '../attempt/attempt-operations';
import { attemptCaptured, attemptMachine, attemptVoided } from '../attempt/attempt.state';
import { add, compare, subtract } from '../money/money';
import { transactionFailed, transactionReversed, transactionSucceeded } from '../transaction/transaction.state';
import type { DomainContext } from './domain-context';
import type { LocatedOperation, VerdictFact } from './locate-operation';
import { releaseAttempt } from './release';
import type { Session } from './session.model';
import { replaceAttempt } from './session-edit';
import { closeCancelledStudy, lookUpFailedCancel } from './study-cancel';

type FollowUpFact = Extract<VerdictFact, { kind: 'captured' | 'voided' | 'refunded' }>;

function settle(op: LocatedOperation, fact: FollowUpFact, ctx: DomainContext): Attempt {
  const details = { statusCode: fact.statusCode, statusMessage: fact.statusMessage, providerRef: fact.providerRef ?? fact.ref.providerRef };
  const tx = fact.success ? transactionSucceeded(op.tx, details, ctx.now) : transactionFailed(op.tx, details, ctx.now);
  return replaceTransaction(op.attempt, tx, ctx.now);
}

/**
 * captured: success takes the hold (CAPTURED). A failed capture hands the hold back (a void owed):
 * the attempt no longer counts, so a CAPTURING session is no longer covered.
 */
export function onCaptured(session: Session, op: LocatedOperation, fact: Extract<FollowUpFact, { kind: 'captured' }>, ctx: DomainContext): Session {
  const next = settle(op, fact, ctx);
  if (!fact.success) return replaceAttempt(session, releaseAttempt(session, next, ctx));
  return replaceAttempt(session, next.status === 'AUTHORIZED' ? { ...next, status: attemptCaptured(next.status) } : next);
}

/**
 * voided: success releases the hold (or the same-day sale): VOIDED. An attempt that was abandoned
 * (CANCELLED) keeps its status; only its operations tell the release. A void that cancelled a file
 * still studied closes its opening (study-cancel.ts). A failed void of a sale falls back to the next
 * way of handing the money back (owedToPayer when none is left); a failed cancel of a studied file
 * leaves its lookups going, the next one brought forward (the lender most likely decided meanwhile).
 */
export function onVoided(session: Session, op: LocatedOperation, fact: Extract<FollowUpFact, { kind: 'voided' }>, ctx: DomainContext): Session {
  const next = settle(op, fact, ctx);
  if (!fact.success) {
    const failed = next.releasedAt !== undefined ? releaseAttempt(session, next, ctx) : next;
    return replaceAttempt(session, lookUpFailedCancel(session, failed, ctx));
  }
  const closed = closeCancelledStudy(next, ctx);
  return replaceAttempt(session, attemptMachine.can(closed.status, 'voided') ? { ...closed, status: attemptVoided(closed.status) } : closed);
}

/**
 * refunded: success adds the amount to `refunded` (and clears owedToPayer once everything came back);
 * failure moves nothing, except that money the service was handing back becomes owedToPayer. A
 * reversal of a succeeded refund (apply-fact.ts lets only that one through) is handled below. A
 * success `inFull` settles only the refund that completes the attempt's refund.
 */
export function onRefunded(session: Session, op: LocatedOperation, fact: Extract<FollowUpFact, { kind: 'refunded' }>, ctx: DomainContext): Session {
  if (op.tx.status.kind === 'succeeded') return replaceAttempt(session, reverseRefund(session, op, fact, ctx));
  // "Refunded in full" about another refund (a late one, or one made at the PSP by hand) is not this one's verdict.
  if (fact.inFull && compare(add(op.attempt.refunded, op.tx.amount), op.attempt.granted) !== 0) return session;
  const next = settle(op, fact, ctx);
  if (!fact.success) return replaceAttempt(session, next.releasedAt !== undefined ? releaseAttempt(session, next, ctx) : next);
  const refunded = add(next.refunded, op.tx.amount);
  const { owedToPayer: _owed, ...rest } = next;
  return replaceAttempt(session, { ...(compare(refunded, next.granted) >= 0 ? rest : next), refunded });
}

/**
 * The PSP undid a refund it had confirmed (the money went back to the merchant): the refund fails
 * with the PSP's code, its amount leaves `refunded`, so it is refundable again; money the service was
 * handing back is then owedToPayer, as after any failed refund of it.
 */
function reverseRefund(session: Session, op: LocatedOperation, fact: Extract<FollowUpFact, { kind: 'refunded' }>, ctx: DomainContext): Attempt {
  const reversed = transactionReversed(op.tx, { statusCode: fact.statusCode, statusMessage: fact.statusMessage }, ctx.now);
  const next = replaceTransaction(op.attempt, reversed, ctx.now);
  const back = { ...next, refunded: subtract(next.refunded, op.tx.amount) };
  return back.releasedAt !== undefined ? releaseAttempt(session, back, ctx) : back;
}
