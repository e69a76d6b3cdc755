import type { DomainContext } from './domain-context';
import { lookupHoldsBound } from './lender-lookups';
import { progress, refuseAwaiting } from './progress';
import { releaseAll } from './release';
import type { Session } from './session.model';
import { sessionExpire } from './session.state';
import { cancelStudies } from './study-cancel';

/**
 * The ttl elapsed on an open (PENDING) session: EXPIRING, every hold voided and every direct payment
 * refunded (or recorded owedToPayer when nothing can hand it back), a file the lender still studies
 * cancelled at its PSP when it can be (study-cancel.ts); EXPIRED once no void or refund is still on
 * its way, that cancel included. AWAITING is bounded by the lender wait instead (refuseAwaitingIfDue);
 * CAPTURING is covered and is never expired. Returns the same session when nothing is due.
 */
export function expireIfDue(session: Session, ctx: DomainContext): Session {
  if (session.status !== 'PENDING' || ctx.now < session.expiresAt) return session;
  return progress(cancelStudies(releaseAll({ ...session, status: sessionExpire(session.status) }, ctx), ctx), ctx);
}

/**
 * The lender wait bound passed on an AWAITING session: AWAITED_REFUSED, every hold released, nothing
 * taken. When the studied file's PSP answers status queries, the last lookup at the bound decides
 * instead (recordLookupOutcome): the session waits for it.
 */
export function refuseAwaitingIfDue(session: Session, ctx: DomainContext): Session {
  if (session.status !== 'AWAITING' || session.awaitingUntil === undefined || ctx.now < session.awaitingUntil || lookupHoldsBound(session)) {
    return session;
  }
  return refuseAwaiting(session, ctx);
}
