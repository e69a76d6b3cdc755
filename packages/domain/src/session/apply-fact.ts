import type { PspFact } from '../psp/psp-fact';
import { assertUnreachable } from '../shared/brand';
import { isFinalVerdict } from '../transaction/transaction.state';
import { onAuthorized, onCancelledByPayer, onDeclined, onLenderPending } from './authorization-verdict';
import type { DomainContext } from './domain-context';
import { onCaptured, onRefunded, onVoided } from './follow-up-verdict';
import { locateOperation, type LocatedOperation, type VerdictFact } from './locate-operation';
import { progress } from './progress';
import type { Session } from './session.model';
import { expireIfDue } from './timeouts';

function dispatchFact(session: Session, op: LocatedOperation, fact: VerdictFact, ctx: DomainContext): Session {
  switch (fact.kind) {
    case 'authorized':
      return onAuthorized(session, op, fact, ctx);
    case 'declined':
      return onDeclined(session, op, fact, ctx);
    case 'cancelled-by-payer':
      return onCancelledByPayer(session, op, fact, ctx);
    case 'lender-pending':
      return onLenderPending(session, op, fact, ctx);
    case 'captured':
      return onCaptured(session, op, fact, ctx);
    case 'voided':
      return onVoided(session, op, fact, ctx);
    case 'refunded':
      return onRefunded(session, op, fact, ctx);
    default:
      return assertUnreachable(fact, 'PSP fact');
  }
}

/**
 * Applies what a PSP said to the operation it is about (found by our transaction id, else by the PSP
 * reference), then moves the session on (coverage, captures, endings). Idempotent: a verdict for an
 * operation already final, or for an operation the session does not hold, returns the session
 * unchanged (the same object). A chargeback never changes a session. A session whose ttl elapsed is
 * expired first, so a verdict arriving after expiresAt is handled as late.
 */
export function applyFact(session: Session, fact: PspFact, ctx: DomainContext): Session {
  if (fact.kind === 'chargeback') return session;
  const current = expireIfDue(session, ctx);
  const op = locateOperation(current, fact);
  if (!op || isFinalVerdict(op.tx)) return current;
  const changed = dispatchFact(current, op, fact, ctx);
  if (changed === current) return current;
  return expireIfDue(progress(changed, ctx), ctx);
}

/** Applies facts in order. */
export function applyFacts(session: Session, facts: readonly PspFact[], ctx: DomainContext): Session {
  return facts.reduce((s, fact) => applyFact(s, fact, ctx), session);
}
