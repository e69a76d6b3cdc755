import type { DriverCapabilities, OpenInput } from '@splitpay/domain';
import { customerOf, shippingOf } from '../mapping/order-customer';

// Return types are inferred, not widened, so that a test can check each body against Worldline's SDK types.

/**
 * The order of an opening: the amount, our transaction id as `merchantReference` (Worldline echoes it),
 * our order reference as `descriptor` (D28), the merchant's extra data, the customer (the payer's IP
 * as its device's) and where the goods go.
 */
function orderOf(input: OpenInput) {
  const customer = customerOf(input.order, input.payerDevice);
  const shipping = shippingOf(input.order);
  return {
    amountOfMoney: { amount: input.amount.amount, currencyCode: input.amount.currency },
    references: {
      merchantReference: input.transactionId,
      descriptor: input.reference,
      // Echoed in Worldline's webhooks and reports; Worldline asks for JSON there.
      ...(input.order.extraData ? { merchantParameters: JSON.stringify({ extraData: input.order.extraData }) } : {}),
    },
    ...(customer ? { customer } : {}),
    ...(shipping ? { shipping } : {}),
  };
}

/**
 * The product's redirect input. `requiresApproval` is how a redirect payment says a hold (true: capture
 * later) or a direct sale (false); the attempt's operation, snapshotted at session creation, decides.
 */
function redirectInput(product: number, operation: DriverCapabilities['operation'], returnUrl?: string) {
  return {
    paymentProductId: product,
    requiresApproval: operation === 'authorization',
    ...(returnUrl ? { redirectionData: { returnUrl } } : {}),
    // The payer may pay less than asked in the ANCV app; the rest stays payable in our session.
    ...(product === 5412 ? { paymentProduct5412SpecificInput: { adjustableAmount: true } } : {}),
    ...(product === 5403 ? { paymentProduct5403SpecificInput: { completeRemainingPaymentAmount: false } } : {}),
  };
}

/** `POST /v2/{merchantId}/payments`: a server-to-server redirect payment of one product. */
export function paymentRequest(input: OpenInput, product: number) {
  return {
    order: orderOf(input),
    redirectPaymentMethodSpecificInput: redirectInput(product, input.offer.capabilities.operation, input.returnUrl),
    feedbacks: { webhooksUrls: [input.notificationUrl] },
  };
}

/** `POST /v2/{merchantId}/hostedcheckouts`: Worldline's page restricted to one product, back to our return door. */
export function hostedCheckoutRequest(input: OpenInput, product: number) {
  return {
    order: orderOf(input),
    hostedCheckoutSpecificInput: { returnUrl: input.returnUrl, showResultPage: false, paymentProductFilters: { restrictTo: { products: [product] } } },
    redirectPaymentMethodSpecificInput: redirectInput(product, input.offer.capabilities.operation),
    feedbacks: { webhooksUrls: [input.notificationUrl] },
  };
}
