import type { DomainPolicy } from './domain-context';
import { pendingLookupOf } from './follow-up-lookups';
import { lookupHoldsBound } from './lender-lookups';
import type { Session } from './session.model';
import { verdictOverdueInstants } from './verdict-overdue';

/**
 * The earliest instant background work is due on the session (the `dueAt` to store), or undefined
 * when nothing is scheduled: expiry of a PENDING session, owed captures/voids/refunds
 * (`dispatch.nextAt`), overdue authorization verdicts and the lookups of studied files
 * (`verdictDueAt`), the lookups of follow-ups sent without their verdict (`dispatch.lookup`), the lender wait bound (`awaitingUntil`),
 * and, given a policy, the alert on a verdict overdue at its PSP (D104).
 * The webhook calendar is not in it: the session-ended message has its own instant (`nextNotificationAt`)
 * and its own worker, so a merchant endpoint that hangs never holds back a session's other work.
 */
export function nextDueAt(session: Session, policy?: DomainPolicy): number | undefined {
  const instants: number[] = [];
  if (session.status === 'PENDING') instants.push(session.expiresAt);
  // A bound the last lookup of a studied file holds is due when that lookup is (verdictDueAt).
  if (session.status === 'AWAITING' && session.awaitingUntil !== undefined && !lookupHoldsBound(session)) instants.push(session.awaitingUntil);
  for (const attempt of session.attempts) {
    const opening = attempt.transactions[0];
    if (attempt.verdictDueAt !== undefined && opening?.status.kind === 'pending') instants.push(attempt.verdictDueAt);
    for (const tx of attempt.transactions) {
      if (tx.dispatch?.state === 'owed' && tx.status.kind === 'pending') instants.push(tx.dispatch.nextAt);
      const lookup = pendingLookupOf(tx);
      if (lookup?.state === 'due') instants.push(lookup.nextAt);
    }
  }
  if (policy) instants.push(...verdictOverdueInstants(session, policy));
  return instants.length === 0 ? undefined : Math.min(...instants);
}

/** When the session's owed session-ended message is due (the `notificationDueAt` to store), or undefined when none is owed. */
export function nextNotificationAt(session: Session): number | undefined {
  const delivery = session.notification?.delivery;
  return delivery && !delivery.abandoned && delivery.nextAttemptAt !== undefined ? delivery.nextAttemptAt : undefined;
}
