import { refuse } from '../errors/domain-error';
import { isAwaitingPartialDecision } from '../rules/partial-grant.rule';
import type { DomainContext } from './domain-context';
import { assertPayerMayAct } from './payer-guard';
import { progress } from './progress';
import type { Session } from './session.model';
import { replaceAttempt, requireAttempt } from './session-edit';

/**
 * The payer accepts the issuer's lower grant (a mandated partial): consent is recorded
 * (`partialAcceptedAt`, so it survives reloads) and the grant counts like any other. Refusing it is
 * cancelAttempt. Refusals: SessionNotPending, AttemptNotFound, PartialAcceptanceNotApplicable (no
 * undecided mandated partial grant: repeated or inapplicable).
 */
export function acceptPartial(session: Session, attemptId: string, ctx: DomainContext): Session {
  assertPayerMayAct(session, ctx);
  const attempt = requireAttempt(session, attemptId);
  if (!isAwaitingPartialDecision(attempt)) {
    refuse('PartialAcceptanceNotApplicable', 'This attempt has no undecided mandated partial grant');
  }
  return progress(replaceAttempt(session, { ...attempt, partialAcceptedAt: ctx.now, updatedAt: ctx.now }), ctx);
}
