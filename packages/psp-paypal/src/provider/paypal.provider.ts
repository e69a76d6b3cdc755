import type { Clock, InboundNotification, Logger, NotificationContext, OperationRef, ParsedNotification, PspProvider } from '@splitpay/domain';
import { PayPalClient } from '../api/paypal.client';
import { PayPalDriver } from '../driver/paypal.driver';
import { readPayPalContract } from '../settings/paypal-settings';
import { PayPalCertificates } from '../webhook/certificate.source';
import { readTransmission, verifyTransmission } from '../webhook/transmission-signature';
import { operationRefsOf, readEvent } from '../webhook/webhook-event';
import { factsOfEvent } from '../webhook/webhook-facts';

export interface PayPalProviderDeps {
  readonly clock: Clock;
  /** Where the driver writes its calls without a usable answer. */
  readonly logger: Logger;
  /** Timeout of each call to PayPal (API, token, certificate); default 15 s. */
  readonly timeoutMs?: number;
}

const ACCEPTED = { status: 200, contentType: 'text/plain', body: '' } as const;

function rejected(reason: string, status: number): ParsedNotification {
  return { kind: 'rejected', reason, reply: { status, contentType: 'text/plain', body: '' } };
}

/**
 * Provider `paypal`: the PayPal wallet driver and the reader of PayPal's webhooks. A webhook is
 * verified offline before anything is read from it as a fact: the CRC-32 of the raw body and the
 * webhook id of the contract serving the operation it names are signed (RSA-SHA256) with the key
 * of the certificate at PAYPAL-CERT-URL, fetched only from PayPal's own hosts and kept.
 */
export function createPayPalProvider(deps: PayPalProviderDeps): PspProvider {
  const client = new PayPalClient({ clock: deps.clock, logger: deps.logger, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) });
  const certificates = new PayPalCertificates({ clock: deps.clock, ...(deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {}) });

  async function webhookIdFor(refs: readonly OperationRef[], context: NotificationContext | undefined): Promise<string | undefined> {
    for (const ref of refs) {
      const settings = await context?.settingsFor(ref);
      if (!settings) continue;
      const contract = readPayPalContract(settings);
      return 'problem' in contract ? undefined : contract.webhookId;
    }
    return undefined;
  }

  return {
    id: 'paypal',
    displayName: 'PayPal',
    drivers: [new PayPalDriver(client)],
    async parseNotification(notification: InboundNotification, context?: NotificationContext): Promise<ParsedNotification> {
      let body: unknown;
      try {
        body = JSON.parse(notification.rawBody);
      } catch {
        return rejected('body is not JSON', 400);
      }
      const event = readEvent(body);
      if (!event) return rejected('body is not a PayPal event', 400);
      const transmission = readTransmission(notification.headers);
      if (!transmission) return rejected('transmission signature headers missing', 401);
      const webhookId = await webhookIdFor(operationRefsOf(event), context);
      if (!webhookId) return rejected('no PayPal contract serves the operation the event names', 401);
      const certificate = await certificates.get(transmission.certUrl);
      if (certificate.kind === 'unavailable') return rejected(`signing certificate unavailable: ${certificate.reason}`, 503);
      if (certificate.kind === 'untrusted') return rejected(`signing certificate refused: ${certificate.reason}`, 401);
      if (!verifyTransmission(transmission, webhookId, notification.rawBody, certificate.certificate)) return rejected('signature wrong', 401);
      return { kind: 'accepted', facts: factsOfEvent(event), reply: ACCEPTED };
    },
  };
}
