import type { OpenInput } from '@splitpay/domain';
import type { PayPalAmount } from '../api/paypal-amount';
import { cancelUrlOf } from './return-url';

// Return types are inferred, not widened, so that a test can check each body against PayPal's SDK types.

/** `POST /v2/checkout/orders`: an AUTHORIZE order of one purchase unit, approved at PayPal (payer-action), back to our return door. */
export function orderRequest(input: OpenInput, amount: PayPalAmount, descriptor: string | undefined) {
  return {
    intent: 'AUTHORIZE' as const,
    purchase_units: [
      {
        reference_id: input.reference,
        custom_id: input.transactionId,
        amount,
        ...(descriptor ? { soft_descriptor: descriptor } : {}),
      },
    ],
    payment_source: {
      paypal: {
        experience_context: {
          return_url: input.returnUrl,
          cancel_url: cancelUrlOf(input.returnUrl),
          user_action: 'CONTINUE' as const,
          shipping_preference: 'NO_SHIPPING' as const,
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
