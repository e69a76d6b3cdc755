import {
  abandonAttempt,
  abandonSession,
  acceptPartial,
  acceptTerms,
  cancelAttempt,
  type DomainContext,
  type Session,
  type SessionView,
} from '@splitpay/domain';
import type { ElementsAccess } from './elements-access';
import type { PayerDeps } from './payer.deps';
import type { ViewPresenter } from './view-presenter';

type Decision = (session: Session, ctx: DomainContext) => Session;

/**
 * The payer's decisions on the page: cancel a held tranche (also the refusal of a mandated partial
 * grant), abandon an attempt in flight, abandon the payment, accept a mandated partial grant, accept
 * the terms. Each is one aggregate command; the voids it owes are sent right after the save (and
 * retried by the session worker).
 */
export class PayerDecisionsUseCase {
  constructor(
    private readonly deps: PayerDeps,
    private readonly access: ElementsAccess,
    private readonly views: ViewPresenter,
  ) {}

  cancelAttempt(token: string | undefined, attemptId: string): Promise<SessionView> {
    return this.decide(token, 'payer.attempt_cancelled', (s, ctx) => cancelAttempt(s, attemptId, ctx), { attemptId });
  }

  abandonAttempt(token: string | undefined, attemptId: string): Promise<SessionView> {
    return this.decide(token, 'payer.attempt_abandoned', (s, ctx) => abandonAttempt(s, attemptId, ctx), { attemptId });
  }

  abandonSession(token: string | undefined): Promise<SessionView> {
    return this.decide(token, 'payer.session_abandoned', (s, ctx) => abandonSession(s, ctx));
  }

  acceptPartial(token: string | undefined, attemptId: string): Promise<SessionView> {
    return this.decide(token, 'payer.partial_accepted', (s, ctx) => acceptPartial(s, attemptId, ctx), { attemptId });
  }

  acceptTerms(token: string | undefined): Promise<SessionView> {
    return this.decide(token, 'payer.terms_accepted', (s, ctx) => acceptTerms(s, ctx));
  }

  private async decide(token: string | undefined, event: string, decision: Decision, fields: Record<string, string> = {}): Promise<SessionView> {
    const session = await this.access.act(token);
    const written = await this.deps.writer.update(session.id, (s, ctx) => ({ session: decision(s, ctx), result: undefined }), {
      initial: session,
    });
    const { session: saved, changed } = written;
    if (changed) this.deps.logger.info(event, { sessionId: saved.id, status: saved.status, ...fields });
    const psps = this.deps.gateway.forSession(saved);
    const dispatched = changed ? await this.deps.dispatcher.dispatchOwedBy([written], psps) : saved;
    return this.views.present(dispatched, psps);
  }
}
