import { refuse } from '../errors/domain-error';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { acceptsPayerDecisions } from './session.state';

/**
 * The payer may act only on a PENDING session whose ttl has not elapsed (an elapsed one is expired by
 * the next write, whichever comes first).
 */
export function payerMayAct(session: Session, now: number): boolean {
  return acceptsPayerDecisions(session.status) && now < session.expiresAt;
}

/** Every payer door's first check: SessionNotPending where `payerMayAct` says no. */
export function assertPayerMayAct(session: Session, ctx: Pick<DomainContext, 'now'>): void {
  if (!payerMayAct(session, ctx.now)) {
    refuse('SessionNotPending', `The session no longer accepts decisions (${session.status})`);
  }
}
