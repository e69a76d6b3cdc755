import type { OpenInput } from '@splitpay/domain';
import type { PayPalAmount } from '../api/paypal-amount';
import { itemsOf } from './paypal-items';
import { payerOf, shippingOf } from './paypal-payer';
import { cancelUrlOf } from './return-url';

// Return types are inferred, not widened, so that a test can check each body against PayPal's SDK types.

/**
 * `POST /v2/checkout/orders`: an AUTHORIZE order of one purchase unit, approved at PayPal (payer-action),
 * back to our return door. Our per-operation reference is the invoice id: it names the merchant's order
 * and, unlike the order id alone, is never repeated by a second tranche (PayPal refuses a used one).
 */
export function orderRequest(input: OpenInput, amount: PayPalAmount, descriptor: string | undefined) {
  const items = itemsOf(input);
  const shipping = shippingOf(input.order);
  return {
    intent: 'AUTHORIZE' as const,
    purchase_units: [
      {
        reference_id: input.reference,
        custom_id: input.transactionId,
        invoice_id: input.reference,
        amount: items ? { ...amount, breakdown: { item_total: amount } } : amount,
        ...(items ? { items } : {}),
        ...(descriptor ? { soft_descriptor: descriptor } : {}),
        ...(shipping ? { shipping } : {}),
        // The IP of the payer whose request creates the order, for PayPal's risk assessment.
        ...(input.payerDevice?.ip ? { supplementary_data: { risk: { customer: { ip_address: input.payerDevice.ip } } } } : {}),
      },
    ],
    payment_source: {
      paypal: {
        ...payerOf(input.order),
        experience_context: {
          return_url: input.returnUrl,
          cancel_url: cancelUrlOf(input.returnUrl),
          user_action: 'CONTINUE' as const,
          shipping_preference: shipping ? ('SET_PROVIDED_ADDRESS' as const) : ('NO_SHIPPING' as const),
        },
      },
    },
  };
}

/** `POST /v2/payments/authorizations/{id}/capture`: the amount as the final capture, our transaction id as its invoice id. */
export function captureRequest(amount: PayPalAmount, transactionId: string) {
  return { amount, final_capture: true, invoice_id: transactionId };
}

/** `POST /v2/payments/captures/{id}/refund`: the amount, our transaction id as custom and invoice id. */
export function refundRequest(amount: PayPalAmount, transactionId: string) {
  return { amount, custom_id: transactionId, invoice_id: transactionId };
}
