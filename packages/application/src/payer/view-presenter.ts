import { sessionView, type HostedFieldsView, type Session, type SessionView } from '@splitpay/domain';
import type { PayerDeps } from './payer.deps';

/**
 * Builds the browser's view of a session at the present time, with the public hosted-fields
 * settings of card fronts that load an acquirer SDK (read from the contract's settings by the driver).
 */
export class ViewPresenter {
  constructor(private readonly deps: Pick<PayerDeps, 'gateway' | 'clock'>) {}

  /** `psps`: the request's gateway for this session, when it already has one. */
  async present(session: Session, psps = this.deps.gateway.forSession(session)): Promise<SessionView> {
    const hostedFields: Record<string, HostedFieldsView> = {};
    for (const offer of session.methods) {
      if (offer.method !== 'card') continue;
      const driver = this.deps.gateway.driverFor(offer);
      if (!driver?.hostedFields) continue;
      const fields = driver.hostedFields(await psps.settingsFor(offer));
      if (fields) hostedFields[offer.id] = fields;
    }
    return sessionView(session, { now: this.deps.clock.now(), hostedFields });
  }
}
