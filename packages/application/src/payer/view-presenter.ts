import { sessionView, type HostedFieldsView, type Session, type SessionView } from '@splitpay/domain';
import { hostedFieldsHoldingSecrets } from './hosted-fields-secrets';
import type { PayerDeps } from './payer.deps';

/**
 * Builds the browser's view of a session at the present time, with the public hosted-fields
 * settings of card fronts that load an acquirer SDK (read from the contract's settings by the driver).
 * Hosted fields holding one of the merchant's secret settings are left out (docs/decisions.md D144):
 * the card front cannot load, and the error log names the provider and the field, never the value.
 */
export class ViewPresenter {
  constructor(private readonly deps: Pick<PayerDeps, 'gateway' | 'clock' | 'logger'>) {}

  /** `psps`: the request's gateway for this session, when it already has one. */
  async present(session: Session, psps = this.deps.gateway.forSession(session)): Promise<SessionView> {
    const hostedFields: Record<string, HostedFieldsView> = {};
    let secrets: readonly string[] | undefined;
    for (const offer of session.methods) {
      if (offer.method !== 'card') continue;
      const driver = this.deps.gateway.driverFor(offer);
      if (!driver?.hostedFields) continue;
      const fields = driver.hostedFields(await psps.settingsFor(offer));
      if (!fields) continue;
      secrets ??= await psps.secretValues();
      const leaking = hostedFieldsHoldingSecrets(fields, secrets);
      if (leaking.length > 0) {
        this.deps.logger.error('payer.hosted_fields_secret', { sessionId: session.id, methodId: offer.id, provider: offer.provider, fields: leaking });
        continue;
      }
      hostedFields[offer.id] = fields;
    }
    return sessionView(session, { now: this.deps.clock.now(), hostedFields });
  }
}
