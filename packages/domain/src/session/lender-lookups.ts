import type { Attempt } from '../attempt/attempt.model';
import type { DomainContext, DomainPolicy } from './domain-context';
import { nextLateLookup } from './late-lookups';
import { refuseAwaiting } from './progress';
import type { Session } from './session.model';
import { findAttempt, mapAttempts, offerOf, replaceAttempt } from './session-edit';

/**
 * The status lookups of a file a lender studies, for any PSP whose offer declares `statusLookup`: a
 * cadence backing off from minutes to hours while the session is AWAITING (a lost notification must
 * not leave an accepted order waiting for the bound), then one last lookup at the wait bound, which
 * decides before the session is refused. Without `statusLookup` nothing is looked up: the lender
 * pushes its verdict, and the bound refuses by itself.
 */

/** An AUTHORIZING attempt whose file a lender studies and whose PSP answers status queries. */
export function isLookedUpStudy(attempt: Attempt): boolean {
  return attempt.status === 'AUTHORIZING' && attempt.lenderStudying === true && attempt.lenderLookups !== undefined;
}

/** The delay before the lookup that follows `made` lookups: the cadence's last step repeats. */
function cadence(policy: DomainPolicy, made: number): number {
  const delays = policy.lenderLookupDelaysMs;
  return delays[Math.min(made, delays.length - 1)] ?? policy.verdictOverdueMs;
}

/**
 * The lender begins studying the file: the overdue lookup of the opening gives way to the study's
 * cadence when the PSP answers status queries, else to nothing (the lender pushes its verdict).
 */
export function beginStudy(session: Session, attempt: Attempt, ctx: DomainContext): Attempt {
  const { verdictDueAt: _due, lenderLookups: _lookups, ...rest } = attempt;
  const studied: Attempt = { ...rest, lenderStudying: true, updatedAt: ctx.now };
  if (!offerOf(session, attempt).capabilities.statusLookup) return studied;
  return { ...studied, lenderLookups: { made: 0, unansweredAtBound: 0 }, verdictDueAt: ctx.now + cadence(ctx.policy, 0) };
}

/** While AWAITING, no lookup of a studied file is due after the wait bound: the last one is at the bound. */
export function lookupsWithinBound(session: Session): Session {
  const bound = session.status === 'AWAITING' ? session.awaitingUntil : undefined;
  if (bound === undefined) return session;
  return mapAttempts(session, (a) => (isLookedUpStudy(a) && (a.verdictDueAt === undefined || a.verdictDueAt > bound) ? { ...a, verdictDueAt: bound } : a));
}

/** The session waits at its bound for the last lookup of a studied file: the bound alone does not refuse it. */
export function lookupHoldsBound(session: Session): boolean {
  return session.status === 'AWAITING' && session.attempts.some((a) => isLookedUpStudy(a) && a.verdictDueAt !== undefined);
}

/**
 * Records a lookup of a studied file whose facts were applied and left it studied on an AWAITING or
 * PENDING session. Before the wait bound: the next lookup follows the cadence (never after the
 * bound). At the bound: a status the PSP gave (still studying) refuses the session; no answer is
 * tried again after `lenderBoundRetryDelaysMs`, and refuses the session once those are spent.
 */
export function recordStudyLookup(session: Session, attemptId: string, answered: boolean, ctx: DomainContext): Session {
  const attempt = findAttempt(session, attemptId);
  if (!attempt || !isLookedUpStudy(attempt) || !attempt.lenderLookups) return session;
  const lookups = attempt.lenderLookups;
  const bound = session.status === 'AWAITING' ? session.awaitingUntil : undefined;
  if (bound === undefined || ctx.now < bound) {
    const made = lookups.made + 1;
    const next = ctx.now + cadence(ctx.policy, made);
    return replaceAttempt(session, { ...attempt, lenderLookups: { ...lookups, made }, verdictDueAt: bound === undefined ? next : Math.min(next, bound) });
  }
  const unanswered = lookups.unansweredAtBound + (answered ? 0 : 1);
  const retry = answered ? undefined : ctx.policy.lenderBoundRetryDelaysMs[unanswered - 1];
  if (retry !== undefined) {
    return replaceAttempt(session, { ...attempt, lenderLookups: { ...lookups, unansweredAtBound: unanswered }, verdictDueAt: ctx.now + retry });
  }
  return refuseAtBound(session, ctx);
}

/**
 * The wait bound refuses the session: a studied file its PSP can cancel is cancelled (study-cancel.ts).
 * Until that cancel is known to have gone through, and for a file the PSP cannot cancel, the file is
 * still looked up, backing off, so that a grant the lender gives later is found and handed back; not
 * beyond `lenderLookupAfterEndMs` past the ending (late-lookups.ts).
 */
function refuseAtBound(session: Session, ctx: DomainContext): Session {
  const studied = new Set(session.attempts.filter(isLookedUpStudy).map((a) => a.id));
  const refused = refuseAwaiting(session, ctx);
  return mapAttempts(refused, (a) => (studied.has(a.id) && a.verdictDueAt !== undefined ? nextLateLookup(refused, a, ctx) : a));
}
