import type { Attempt } from '../attempt/attempt.model';
import { refuse } from '../errors/domain-error';
import type { MethodKind } from '../method/method';
import type { DomainContext } from './domain-context';
import { assertPayerMayAct } from './payer-guard';
import { offerOf, replaceAttempt, requireAttempt } from './session-edit';
import type { Session } from './session.model';

/**
 * Records that the payer's in-page wallet confirm (the second leg) is being sent, so that it is sent
 * once. Refusals, in order: AttemptNotFound, SessionNotPending, ConfirmNotApplicable (not an attempt
 * in flight of a confirmable method, of another method than the input's, or already confirmed).
 */
export function markConfirmSent(session: Session, attemptId: string, inputMethod: MethodKind, ctx: DomainContext): Session {
  const attempt = awaitingWallet(session, attemptId, inputMethod, ctx);
  return replaceAttempt(session, { ...attempt, confirmedAt: ctx.now, updatedAt: ctx.now });
}

/**
 * The attempt whose in-page wallet is still to be confirmed (its merchant validation and its confirm
 * are allowed), with the same refusals as markConfirmSent.
 */
export function awaitingWallet(session: Session, attemptId: string, inputMethod: MethodKind, ctx: Pick<DomainContext, 'now'>): Attempt {
  const attempt = requireAttempt(session, attemptId);
  assertPayerMayAct(session, ctx);
  if (!offerOf(session, attempt).capabilities.confirm || attempt.method !== inputMethod || attempt.status !== 'AUTHORIZING' || attempt.confirmedAt !== undefined) {
    refuse('ConfirmNotApplicable', 'This attempt awaits no wallet confirmation');
  }
  return attempt;
}
