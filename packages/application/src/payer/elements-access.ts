import { DomainError, elementsGraceOver, hasEnded, type Session } from '@splitpay/domain';
import type { PayerDeps } from './payer.deps';

const invalidToken = (): DomainError => new DomainError('InvalidElementsToken', 'The elements token is absent, unknown or expired');

/**
 * Resolves an elements token to its session. Absent, unknown and past-grace tokens are one and the
 * same InvalidElementsToken; after the session ended the token still reads for the grace period,
 * and every action answers SessionReadOnly.
 */
export class ElementsAccess {
  constructor(private readonly deps: Pick<PayerDeps, 'sessions' | 'tokens' | 'clock' | 'elementsGraceMs'>) {}

  /** The session a token reads. */
  async read(token: string | undefined): Promise<Session> {
    if (!token || !token.startsWith('pst_')) throw invalidToken();
    const session = await this.deps.sessions.findByElementsTokenHash(this.deps.tokens.digest(token));
    if (!session) throw invalidToken();
    if (elementsGraceOver(session, this.deps.clock.now(), this.deps.elementsGraceMs)) throw invalidToken();
    return session;
  }

  /** The session a token acts on: SessionReadOnly once it ended. */
  async act(token: string | undefined): Promise<Session> {
    const session = await this.read(token);
    if (hasEnded(session)) throw new DomainError('SessionReadOnly', 'The session has ended: its token reads but no longer acts');
    return session;
  }
}
