import type { OperationRef } from '@splitpay/domain';
import { isHostedCheckout } from '../settings/product-flow';
import { openingRef, paymentProductOf, type WorldlinePayment } from './worldline-payment';

/**
 * Our opening's transaction id (the payment's merchantReference) when it is the only name left of the
 * opening: a payment of a hosted-checkout-only product (ANCV on 5403) that does not name its hosted
 * checkout, so that its opening id is no reference we recorded.
 */
export function unnamedHostedOpening(payment: WorldlinePayment): string | undefined {
  if (payment.hostedCheckoutSpecificOutput?.hostedCheckoutId) return undefined;
  const reference = payment.paymentOutput?.references?.merchantReference;
  const product = paymentProductOf(payment);
  return reference && product !== undefined && isHostedCheckout(product) ? reference : undefined;
}

/**
 * How a capture's, void's or refund's verdict names the payment's opening: by the reference the
 * opening recorded, or by our opening's transaction id when that reference is not in the event.
 */
export function followUpRef(payment: WorldlinePayment): OperationRef {
  const ours = unnamedHostedOpening(payment);
  return { ...(ours ? { transactionId: ours } : {}), providerRef: openingRef(payment) };
}
