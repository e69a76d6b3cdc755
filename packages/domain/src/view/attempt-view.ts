import type { Attempt } from '../attempt/attempt.model';
import { moneyKept } from '../attempt/attempt-operations';
import type { MethodOffer } from '../method/method';
import type { Session } from '../session/session.model';
import { isAbandonable } from '../rules/abandonable.rule';
import { handBack } from '../rules/owed-to-payer.rule';
import { mayPayerEnd } from '../rules/attempt-ending.rule';
import { isAwaitingPartialDecision } from '../rules/partial-grant.rule';
import type { AttemptViewEntry } from './session-view.model';

/**
 * One attempt entry, derived from recorded state only (so it survives a reload). The PSP's own code
 * and message, the provider, the alias and the transactions stay on the server.
 */
export function attemptView(session: Session, attempt: Attempt, offer: MethodOffer | undefined, now: number): AttemptViewEntry {
  const authorizing = attempt.status === 'AUTHORIZING';
  return {
    attemptId: attempt.id,
    method: attempt.method,
    methodId: attempt.methodId,
    status: attempt.status,
    operation: attempt.operation,
    requested: attempt.requested,
    granted: attempt.granted,
    // The spec's capability, while something is left to end: abandon acts on an AUTHORIZING attempt,
    // cancel on a held tranche, both only while the session takes the payer's decisions; the same
    // rules as those doors (D142-c, D148).
    abandonable: mayPayerEnd(session, attempt, offer ? isAbandonable(offer) : attempt.operation === 'authorization', now),
    ...(attempt.plan ? { plan: { installments: attempt.plan.installments, withFees: attempt.plan.withFees } } : {}),
    ...(attempt.partialAuth ? { partialAuth: attempt.partialAuth } : {}),
    ...(attempt.partialAuth === 'mandated' ? { awaitingPartialDecision: isAwaitingPartialDecision(attempt) } : {}),
    ...(isBeingHandedBack(attempt) ? { released: true as const } : {}),
    // Computed here so the page shows money, never works it out (D149-c).
    ...(isKept(attempt) ? { kept: moneyKept(attempt) } : {}),
    // The cancel's own rule, so the page's confirmation never promises a refund the service cannot make (D161-a).
    ...(offer && keepsWhatItTook(attempt, offer) ? { nonRefundable: true as const } : {}),
    ...(attempt.cardScheme ? { cardScheme: attempt.cardScheme } : {}),
    // Back from the PSP's page through the return door, nothing is left to do there: the verdict is awaited (D149-e).
    ...(authorizing && attempt.redirect && attempt.returnedAt === undefined ? { redirect: attempt.redirect } : {}),
    ...(authorizing && attempt.pageAction ? { pageAction: attempt.pageAction } : {}),
    // A grant the service refused (a network the offer does not list) is handed back, not DECLINED, yet tells why.
    ...((attempt.status === 'DECLINED' || attempt.releasedAt !== undefined) && attempt.declineCategory ? { declineCategory: attempt.declineCategory } : {}),
  };
}

/**
 * Released means the payer gets the money back: not when nothing can hand it back (owedToPayer: a
 * PSP that neither refunds nor voids, a refund failed) or the refund was given up after its retries.
 */
function isBeingHandedBack(attempt: Attempt): boolean {
  if (attempt.releasedAt === undefined || attempt.owedToPayer !== undefined) return false;
  return !attempt.transactions.some((t) => t.type === 'refund' && t.status.kind === 'pending' && t.dispatch?.state === 'given-up');
}

/** Money the service meant to hand back that nothing will: some was taken and stays taken (D147-a). */
function isKept(attempt: Attempt): boolean {
  return attempt.releasedAt !== undefined && !isBeingHandedBack(attempt) && moneyKept(attempt).amount > 0;
}

/** Money paid and still counted that a cancel would leave taken: the PSP can neither refund nor void it (an ANCV 5403 sale, D143-a). */
function keepsWhatItTook(attempt: Attempt, offer: MethodOffer): boolean {
  return attempt.status === 'CAPTURED' && attempt.releasedAt === undefined && handBack(attempt, offer).kind === 'owed-to-payer';
}
