import type { PspFact } from '../psp/psp-fact';
import { isFinalVerdict } from '../transaction/transaction.state';
import { onAuthorized, onCancelledByPayer, onDeclined, onLenderPending } from './authorization-verdict';
import type { DomainContext } from './domain-context';
import { onCaptured, onRefunded, onVoided } from './follow-up-verdict';
import { locateOperation, type LocatedOperation, type VerdictFact } from './locate-operation';
import { progress } from './progress';
import type { Session } from './session.model';
import { expireIfDue } from './timeouts';

type VerdictOf = { [F in VerdictFact as F['kind']]: F };
type VerdictHandlers = {
  [K in keyof VerdictOf]: (session: Session, op: LocatedOperation, fact: VerdictOf[K], ctx: DomainContext) => Session;
};

/** The command each verdict kind runs on the operation it is about (a mapped type: every kind has one). */
const ON_VERDICT: VerdictHandlers = {
  authorized: onAuthorized,
  declined: onDeclined,
  'cancelled-by-payer': onCancelledByPayer,
  'lender-pending': onLenderPending,
  captured: onCaptured,
  voided: onVoided,
  refunded: onRefunded,
};

function dispatchFact<K extends keyof VerdictOf>(session: Session, op: LocatedOperation, fact: VerdictOf[K] & { readonly kind: K }, ctx: DomainContext): Session {
  const handler: VerdictHandlers[K] = ON_VERDICT[fact.kind];
  return handler(session, op, fact, ctx);
}

/**
 * Applies what a PSP said to the operation it is about (found by our transaction id, else by the PSP
 * reference), then moves the session on (coverage, captures, endings). Idempotent: a verdict for an
 * operation already final (but a refund's reversal, follow-up-verdict.ts), or for an operation the
 * session does not hold, returns the session unchanged (the same object). A chargeback never changes a session. A session whose ttl elapsed is
 * expired first, so a verdict arriving after expiresAt is handled as late.
 */
export function applyFact(session: Session, fact: PspFact, ctx: DomainContext): Session {
  if (fact.kind === 'chargeback') return session;
  const current = expireIfDue(session, ctx);
  const op = locateOperation(current, fact);
  if (!op || (isFinalVerdict(op.tx) && !undoesRefund(fact, op))) return current;
  const changed = dispatchFact(current, op, fact, ctx);
  if (changed === current) return current;
  return expireIfDue(progress(changed, ctx), ctx);
}

/** A PSP's reversal of a refund it had confirmed: the one verdict that moves a final operation. */
function undoesRefund(fact: PspFact, op: LocatedOperation): boolean {
  return fact.kind === 'refunded' && fact.reverses === true && !fact.success && op.tx.status.kind === 'succeeded';
}

/** Applies facts in order. */
export function applyFacts(session: Session, facts: readonly PspFact[], ctx: DomainContext): Session {
  return facts.reduce((s, fact) => applyFact(s, fact, ctx), session);
}
