import type { Money } from '@splitpay/domain';
import type { CheckoutModel } from './official-model';

/**
 * Adyen's answers as our tests play them, each typed by the official model it stands for (checked
 * at runtime too: conformance/answers.official.test.ts).
 */

type PaymentResponse = CheckoutModel<'PaymentResponse'>;

export const authorised = (pspReference: string, merchantReference: string, scheme = 'visa') =>
  ({ resultCode: 'Authorised', pspReference, merchantReference, additionalData: { paymentMethod: scheme } }) satisfies PaymentResponse;

/** Authorised and the card stored: its id is the card alias. */
export const authorisedStoring = (pspReference: string, merchantReference: string, storedPaymentMethodId: string) =>
  ({ resultCode: 'Authorised', pspReference, merchantReference, additionalData: { paymentMethod: 'mc', 'tokenization.storedPaymentMethodId': storedPaymentMethodId } }) satisfies PaymentResponse;

export const partiallyAuthorised = (pspReference: string, merchantReference: string, granted: Money) =>
  ({
    resultCode: 'PartiallyAuthorised',
    pspReference,
    merchantReference,
    additionalData: { authorisedAmountValue: String(granted.amount), authorisedAmountCurrency: granted.currency },
    amount: { value: granted.amount, currency: granted.currency },
  }) satisfies PaymentResponse;

export const refused = (pspReference: string, merchantReference: string, refusalReasonCode: string, refusalReason: string) =>
  ({ resultCode: 'Refused', pspReference, merchantReference, refusalReasonCode, refusalReason }) satisfies PaymentResponse;

export const redirectShopper = (pspReference: string, url: string) =>
  ({ resultCode: 'RedirectShopper', pspReference, action: { type: 'redirect', method: 'GET', url, paymentMethodType: 'scheme' } }) satisfies PaymentResponse;

export const redirectShopperByPost = (pspReference: string, url: string, data: Record<string, string>) =>
  ({ resultCode: 'RedirectShopper', pspReference, action: { type: 'redirect', method: 'POST', url, data, paymentMethodType: 'scheme' } }) satisfies PaymentResponse;

/** `/payments/details` after the redirect. */
export const detailsAuthorised = (pspReference: string, merchantReference: string) =>
  ({ resultCode: 'Authorised', pspReference, merchantReference }) satisfies CheckoutModel<'PaymentDetailsResponse'>;

interface Modified {
  readonly merchantAccount: string;
  readonly paymentPspReference: string;
  readonly pspReference: string;
  readonly reference: string;
}

export const captureReceived = (m: Modified, amount: Money) =>
  ({ ...m, status: 'received', amount: { value: amount.amount, currency: amount.currency } }) satisfies CheckoutModel<'PaymentCaptureResponse'>;

export const cancelReceived = (m: Modified) => ({ ...m, status: 'received' }) satisfies CheckoutModel<'PaymentCancelResponse'>;

export const refundReceived = (m: Modified, amount: Money) =>
  ({ ...m, status: 'received', amount: { value: amount.amount, currency: amount.currency } }) satisfies CheckoutModel<'PaymentRefundResponse'>;

/** `/applePay/sessions`: Apple's merchant session, base64 of its JSON text. */
export const applePaySession = (merchantSession: object) =>
  ({ data: Buffer.from(JSON.stringify(merchantSession)).toString('base64') }) satisfies CheckoutModel<'ApplePaySessionResponse'>;

export const serviceError = (status: number, errorCode: string, message: string, errorType: string, pspReference?: string) =>
  ({ status, errorCode, message, errorType, ...(pspReference ? { pspReference } : {}) }) satisfies CheckoutModel<'ServiceError'>;
