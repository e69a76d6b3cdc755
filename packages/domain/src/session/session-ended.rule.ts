import type { Session } from './session.model';
import { isTerminalSessionStatus } from './session.state';

/** The session reached a final state: refunds may begin, and the payer's token reads but never acts. */
export function hasEnded(session: Pick<Session, 'status'>): boolean {
  return isTerminalSessionStatus(session.status);
}

/**
 * The elements token of an ended session reads for `graceMs` after the end (the page shows the
 * outcome), then is refused like an unknown token. An open session's token never lapses here.
 */
export function elementsGraceOver(session: Pick<Session, 'status' | 'endedAt' | 'updatedAt'>, now: number, graceMs: number): boolean {
  return hasEnded(session) && now > (session.endedAt ?? session.updatedAt) + graceMs;
}
