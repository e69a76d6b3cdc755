import { DomainError, isUuid, type Attempt, type AttemptId, type Session } from '@splitpay/domain';
import type { PayerDeps } from './payer.deps';

/** Where the return door sends the browser: a merchant page, or nowhere when the session names none. */
export type ReturnDestination = { readonly kind: 'redirect'; readonly url: string } | { readonly kind: 'no-page' };

/**
 * GET /elements/return/{attemptId}: the PSP sends the payer back here first; the browser then goes
 * on to the session's returnUrl, or its cancelUrl when the payer backed out at the PSP. The verdict
 * never comes from the return: it arrives out-of-band. Whether the payer backed out is read from the
 * recorded attempt, or, while its verdict is still on its way, from the PSP's status query (used to
 * route the browser only, never applied).
 */
export class PayerReturnUseCase {
  constructor(private readonly deps: Pick<PayerDeps, 'sessions' | 'gateway' | 'logger'>) {}

  async execute(attemptId: string): Promise<ReturnDestination> {
    const session = isUuid(attemptId) ? await this.deps.sessions.findByAttemptId(attemptId as AttemptId) : null;
    const attempt = session?.attempts.find((a) => a.id === attemptId);
    if (!session || !attempt) throw new DomainError('NotFound', 'Not found');
    const backedOut = await this.backedOut(session, attempt);
    const url = backedOut ? (session.cancelUrl ?? session.returnUrl) : session.returnUrl;
    this.deps.logger.info('payer.returned', { sessionId: session.id, attemptId, backedOut });
    return url ? { kind: 'redirect', url } : { kind: 'no-page' };
  }

  private async backedOut(session: Session, attempt: Attempt): Promise<boolean> {
    if (attempt.status === 'CANCELLED') return true;
    if (attempt.status !== 'AUTHORIZING') return false;
    const opening = attempt.transactions[0];
    const resolved = opening ? await this.deps.gateway.resolve(session, attempt, opening.id) : undefined;
    if (!opening || !resolved?.driver.lookup || !resolved.driver.capabilities.statusLookup) return false;
    try {
      const output = await resolved.driver.lookup({
        ...resolved.call,
        target: { transactionId: opening.id, ...(opening.providerRef !== undefined ? { providerRef: opening.providerRef } : {}) },
        amount: opening.amount,
      });
      return output.facts.some((f) => f.kind === 'cancelled-by-payer');
    } catch (error) {
      this.deps.logger.warn('psp.driver_failed', { sessionId: session.id, attemptId: attempt.id, type: 'lookup', error });
      return false;
    }
  }
}
