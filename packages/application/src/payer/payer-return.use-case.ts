import { applyFact, DomainError, isUuid, markPayerReturned, timedOut, type Attempt, type AttemptId, type PspFact, type Session } from '@splitpay/domain';
import { withoutForeignGrants } from '../psp/grant-currency';
import type { PayerDeps } from './payer.deps';

/** Where the return door sends the browser: a merchant page, or nowhere when the session names none. */
export type ReturnDestination = { readonly kind: 'redirect'; readonly url: string } | { readonly kind: 'no-page' };

/**
 * GET or POST /elements/return/{attemptId}: the PSP sends the payer back here first; the browser then
 * goes on to the session's returnUrl, or its cancelUrl when the payer backed out at the PSP. A driver
 * that finishes the opening on the return (completeReturn: Adyen's /payments/details after 3-D
 * Secure) is handed what the PSP put on the return, and its facts are applied as a notification's
 * would be; for the others the verdict arrives out-of-band. Whether the payer backed out is read from
 * the recorded attempt, or, while its verdict is still on its way, from the PSP's status query (used
 * to route the browser only, never applied), unless the return call already waited out its timeout.
 */
export class PayerReturnUseCase {
  constructor(private readonly deps: Pick<PayerDeps, 'sessions' | 'gateway' | 'logger' | 'writer' | 'dispatcher'>) {}

  /** `params`: the query and form fields of the return, never stored or logged. */
  async execute(attemptId: string, params: Readonly<Record<string, string>> = {}): Promise<ReturnDestination> {
    const found = isUuid(attemptId) ? await this.deps.sessions.findByAttemptId(attemptId as AttemptId) : null;
    if (!found || !found.attempts.some((a) => a.id === attemptId)) throw new DomainError('NotFound', 'Not found');
    const { session, waited } = await this.completeReturn(found, attemptId, params);
    const attempt = session.attempts.find((a) => a.id === attemptId) as Attempt;
    // One PSP deadline for the door (D144-b): after a return call that waited out its timeout, a status
    // query would wait a second one; the verdict comes out-of-band anyway. An answered unknown (a 503,
    // a 429) or a connection refused at once spent no timeout, so the query still routes a payer who backed out.
    const backedOut = waited ? attempt.status === 'CANCELLED' : await this.backedOut(session, attempt);
    const url = backedOut ? (session.cancelUrl ?? session.returnUrl) : session.returnUrl;
    if (attempt.status === 'AUTHORIZING') await this.recordReturned(session, attemptId);
    this.deps.logger.info('payer.returned', { sessionId: session.id, attemptId, backedOut });
    return url ? { kind: 'redirect', url } : { kind: 'no-page' };
  }

  /**
   * Hands the return to a driver that finishes the opening on it, and applies what it tells.
   * `waited`: the driver's return call may have spent the PSP's timeout (it timed out, or it threw:
   * how long a driver bug took is not known).
   */
  private async completeReturn(session: Session, attemptId: string, params: Readonly<Record<string, string>>): Promise<{ session: Session; waited: boolean }> {
    const attempt = session.attempts.find((a) => a.id === attemptId);
    const opening = attempt?.transactions[0];
    if (!attempt || attempt.status !== 'AUTHORIZING' || !opening) return { session, waited: false };
    const resolved = await this.deps.gateway.resolve(session, attempt, opening.id);
    if (!resolved?.driver.completeReturn) return { session, waited: false };
    let facts: readonly PspFact[];
    let waited: boolean;
    try {
      const output = await resolved.driver.completeReturn({
        ...resolved.call,
        target: { transactionId: opening.id, ...(opening.providerRef !== undefined ? { providerRef: opening.providerRef } : {}) },
        amount: opening.amount,
        params,
      });
      this.deps.logger.info('payer.return_completed', { sessionId: session.id, attemptId, outcome: output.ack.outcome, facts: output.facts.map((f) => f.kind) });
      waited = timedOut(output.ack);
      facts = withoutForeignGrants(session, output.facts, { provider: attempt.provider, source: 'return', attemptId }, this.deps.logger);
    } catch (error) {
      this.deps.logger.error('psp.driver_failed', { sessionId: session.id, attemptId, provider: attempt.provider, method: attempt.method, type: 'return', error });
      return { session, waited: true };
    }
    const verdicts = facts.filter((f): f is Exclude<PspFact, { kind: 'chargeback' }> => f.kind !== 'chargeback');
    if (verdicts.length === 0) return { session, waited };
    const written = await this.deps.writer.update(
      session.id,
      (s, ctx) => ({ session: verdicts.reduce((current, fact) => applyFact(current, fact, ctx), s), result: undefined }),
      { initial: session },
    );
    return { session: written.changed ? await this.deps.dispatcher.dispatchOwedBy([written]) : written.session, waited };
  }

  /** The payer is back with the verdict still on its way: the view stops offering the PSP's page (D149-e). A failed write only leaves that offer. */
  private async recordReturned(session: Session, attemptId: string): Promise<void> {
    try {
      await this.deps.writer.update(session.id, (s, ctx) => ({ session: markPayerReturned(s, attemptId, ctx), result: undefined }), { initial: session });
    } catch (error) {
      this.deps.logger.error('payer.return_not_recorded', { sessionId: session.id, attemptId, error });
    }
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
      this.deps.logger.error('psp.driver_failed', { sessionId: session.id, attemptId: attempt.id, provider: attempt.provider, method: attempt.method, type: 'lookup', error });
      return false;
    }
  }
}
