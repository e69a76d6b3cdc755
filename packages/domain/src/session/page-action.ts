import type { Attempt, PageAction } from '../attempt/attempt.model';
import { refuse } from '../errors/domain-error';
import type { MethodKind } from '../method/method';
import type { DomainContext } from './domain-context';
import { assertPayerMayAct } from './payer-guard';
import { replaceAttempt, requireAttempt } from './session-edit';
import type { Session } from './session.model';

/**
 * The payer's page sends the result of the in-page action its attempt is due (a card's 3-D Secure 2
 * fingerprint or challenge): the action is taken off the attempt before the result goes to the PSP,
 * so a result is sent once per action, and the PSP's answer may ask for the next one. Refusals, in
 * order: AttemptNotFound, SessionNotPending, ConfirmNotApplicable (not an attempt in flight of the
 * input's method, or no action due), InvalidRequest (the result's field names are not among the
 * action's `resultFields`, or none: a result its PSP could not use; the action stays due). The names
 * only are read, never the values.
 */
export function takePageAction(session: Session, attemptId: string, inputMethod: MethodKind, resultNames: readonly string[], ctx: DomainContext): { readonly session: Session; readonly taken: PageAction } {
  const attempt = requireAttempt(session, attemptId);
  assertPayerMayAct(session, ctx);
  const taken = attempt.pageAction;
  if (!taken || attempt.method !== inputMethod || attempt.status !== 'AUTHORIZING') {
    refuse('ConfirmNotApplicable', 'This attempt awaits no in-page action result');
  }
  const accepted = taken.resultFields;
  if (accepted && (resultNames.length === 0 || resultNames.some((name) => !accepted.includes(name)))) {
    refuse('InvalidRequest', `This in-page action's result takes only the fields ${accepted.join(', ')}`);
  }
  const { pageAction: _taken, ...rest } = attempt;
  const next: Attempt = { ...rest, updatedAt: ctx.now };
  return { session: replaceAttempt(session, next), taken };
}
