import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { webhookMerchants } from './merchants.fixture';
import { startService, type ServiceHarness } from './service-harness';

export interface ChargebackReceiverService {
  /** Receives the merchants' chargeback messages at `/chargebacks`, and whatever a test sends to its other paths. */
  readonly receiver: WebhookReceiver;
  /** The service (throws before it starts). */
  readonly h: ServiceHarness;
}

/**
 * For the calling describe block: a webhook receiver, and a service whose merchants (webhookMerchants)
 * send their chargebacks to it, both started before the first test and stopped after the last.
 */
export function useChargebackReceiverService(): ChargebackReceiverService {
  const receiver = new WebhookReceiver();
  let harness: ServiceHarness | undefined;
  beforeAll(async () => {
    await receiver.start();
    harness = await startService({ merchants: webhookMerchants({ chargebackUrl: receiver.url('/chargebacks') }) });
  });
  afterAll(async () => {
    await harness?.close();
    await receiver.stop();
  });
  return {
    receiver,
    get h() {
      if (!harness) throw new Error('the service starts before the first test');
      return harness;
    },
  };
}
