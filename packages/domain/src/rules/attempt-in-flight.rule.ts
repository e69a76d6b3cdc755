import type { Attempt } from '../attempt/attempt.model';
import type { Session } from '../session/session.model';
import { isAwaitingPartialDecision } from './partial-grant.rule';

/**
 * One attempt in flight per session: an attempt AUTHORIZING (verdict due), or an AUTHORIZED one whose
 * mandated partial grant awaits the payer's decision. Returns it, or undefined.
 */
export function attemptInFlight(session: Session): Attempt | undefined {
  return session.attempts.find((a) => a.status === 'AUTHORIZING' || isAwaitingPartialDecision(a));
}
