import { refuse } from '../errors/domain-error';
import { isAbandonable } from '../rules/abandonable.rule';
import { mayAbandon, mayCancel } from '../rules/attempt-ending.rule';
import type { DomainContext } from './domain-context';
import { assertPayerMayAct } from './payer-guard';
import { progress } from './progress';
import { releaseAll, releaseAttempt } from './release';
import type { Session } from './session.model';
import { offerOf, replaceAttempt, requireAttempt } from './session-edit';
import { sessionAbandon } from './session.state';
import { cancelStudies, withdrawAttempt } from './study-cancel';

/**
 * The payer removes a held tranche (also how a mandated partial grant is refused): a void is owed
 * and the attempt stops counting against the balance at once; it is VOIDED when the void succeeds.
 * Refusals: SessionNotPending, AttemptNotFound, AttemptNotCancellable (not a hold that is AUTHORIZED
 * and still counts).
 */
export function cancelAttempt(session: Session, attemptId: string, ctx: DomainContext): Session {
  assertPayerMayAct(session, ctx);
  const attempt = requireAttempt(session, attemptId);
  if (!mayCancel(attempt)) {
    refuse('AttemptNotCancellable', 'Only a held (AUTHORIZED) tranche can be cancelled');
  }
  return progress(replaceAttempt(session, releaseAttempt(session, attempt, ctx)), ctx);
}

/**
 * The payer walks away from an AUTHORIZING attempt: it is CANCELLED at once (another may start). Its
 * verdict is still awaited (and looked up when overdue): a late grant is handed back at once. A file
 * the lender studies is cancelled at its PSP when it can be (study-cancel.ts: a void owed).
 * Refusals: SessionNotPending, AttemptNotFound, AttemptNotAbandonable (not AUTHORIZING, or a direct
 * settlement its PSP could not undo).
 */
export function abandonAttempt(session: Session, attemptId: string, ctx: DomainContext): Session {
  assertPayerMayAct(session, ctx);
  const attempt = requireAttempt(session, attemptId);
  if (!mayAbandon(attempt, isAbandonable(offerOf(session, attempt)))) {
    refuse('AttemptNotAbandonable', 'This attempt cannot be abandoned');
  }
  return progress(replaceAttempt(session, withdrawAttempt(session, attempt, ctx)), ctx);
}

/**
 * The payer gives up the payment: ABORTING, every hold voided and every direct payment refunded (or
 * recorded owedToPayer when nothing can hand it back); ABORTED once nothing is on its way. An attempt
 * still AUTHORIZING keeps waiting for its verdict; a late grant is handed back at once; a file the
 * lender studies is cancelled at its PSP when it can be (study-cancel.ts).
 * Refusal: SessionNotPending.
 */
export function abandonSession(session: Session, ctx: DomainContext): Session {
  assertPayerMayAct(session, ctx);
  return progress(cancelStudies(releaseAll({ ...session, status: sessionAbandon(session.status) }, ctx), ctx), ctx);
}
