import { sessionView, type HostedFieldsView, type Session, type SessionView } from '@splitpay/domain';
import type { PayerDeps } from './payer.deps';

/**
 * Builds the browser's view of a session at the present time, with the public hosted-fields
 * settings of card fronts that load an acquirer SDK (read from the contract's settings by the driver).
 */
export class ViewPresenter {
  constructor(private readonly deps: Pick<PayerDeps, 'gateway' | 'clock'>) {}

  async present(session: Session): Promise<SessionView> {
    const hostedFields: Record<string, HostedFieldsView> = {};
    const psps = this.deps.gateway.forSession(session);
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
