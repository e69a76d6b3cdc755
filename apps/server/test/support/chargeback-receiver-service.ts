import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { webhookMerchants } from './merchants.fixture';
import type { ServiceHarness } from './service-harness';
import { useService } from './use-service';

export interface ChargebackReceiverService {
  /** Receives the merchants' chargeback messages at `/chargebacks`, and whatever a test sends to its other paths. */
  readonly receiver: WebhookReceiver;
  /** The service (`useService`: a field read before it starts throws). */
  readonly h: ServiceHarness;
}

/**
 * For the calling describe block: a webhook receiver, and a service whose merchants (webhookMerchants)
 * send their chargebacks to it, both started before the first test and stopped after the last.
 */
export function useChargebackReceiverService(): ChargebackReceiverService {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  const h = useService(() => ({ merchants: webhookMerchants({ chargebackUrl: receiver.url('/chargebacks') }) }));
  afterAll(() => receiver.stop());
  return { receiver, h };
}
