import type { Attempt } from '../attempt/attempt.model';
import { payerMayAct } from '../session/payer-guard';
import type { Session } from '../session/session.model';
import { isSettled } from './remaining-balance.rule';

/**
 * The abandon door's rule: only an attempt still AUTHORIZING can be walked away from, and only where
 * its method lets the payer owe nothing (`isAbandonable`: a hold, or a settlement its PSP can undo).
 */
export function mayAbandon(attempt: Attempt, methodAbandonable: boolean): boolean {
  return attempt.status === 'AUTHORIZING' && methodAbandonable;
}

/** The cancel door's rule: only a hold that is AUTHORIZED and still counts against the balance. */
export function mayCancel(attempt: Attempt): boolean {
  return attempt.status === 'AUTHORIZED' && attempt.operation === 'authorization' && isSettled(attempt);
}

/**
 * What the view's `abandonable` says: the payer can still end this attempt and owe nothing, by the
 * door that ends it in its status (abandon while AUTHORIZING, cancel for a held tranche), in a session
 * those doors still act on (they refuse SessionNotPending first). Once declined, cancelled, voided,
 * handed back or captured, or once the session has ended or is ending, nothing is left for the payer
 * to end (D148).
 */
export function mayPayerEnd(session: Session, attempt: Attempt, methodAbandonable: boolean, now: number): boolean {
  return payerMayAct(session, now) && (mayAbandon(attempt, methodAbandonable) || mayCancel(attempt));
}
