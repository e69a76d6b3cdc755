import { refuse } from '../errors/domain-error';
import type { DomainContext } from './domain-context';
import type { Session } from './session.model';
import { acceptsPayerDecisions } from './session.state';

/**
 * The payer may act only on a PENDING session whose ttl has not elapsed (an elapsed one is expired by
 * the next write, whichever comes first). Otherwise SessionNotPending.
 */
export function assertPayerMayAct(session: Session, ctx: Pick<DomainContext, 'now'>): void {
  if (!acceptsPayerDecisions(session.status) || ctx.now >= session.expiresAt) {
    refuse('SessionNotPending', `The session no longer accepts decisions (${session.status})`);
  }
}
