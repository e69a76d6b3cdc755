import type { FitsSdk, ReadsFromSdk } from '@splitpay/psp-testkit';
import type { Domain, webhooks } from 'onlinepayments-sdk-nodejs';
import type { WorldlineEvent } from '../mapping/webhook-event';
import type { RefundOutput } from '../mapping/refund-verdict';
import type { WorldlinePayment } from '../mapping/worldline-payment';
import type { WorldlineOperation } from '../mapping/chargeback-operations';
import type { captureAnswer, hostedCheckoutAnswer, hostedCheckoutStatus, payment, paymentDetails, redirectAnswer, refund, webhookEvent } from '../testing/worldline-fixtures';

// Compile-time checks (npm run typecheck): our fixtures of Worldline's answers and webhook events are
// what Worldline's Node SDK types say Worldline sends, no field it does not know; and what our mapping
// reads of them exists there with a type our readers accept.

/** The event the SDK's webhook helper unmarshals (its type is not exported by name). */
type WebhooksEvent = Awaited<ReturnType<ReturnType<typeof webhooks.init>['unmarshal']>>;

type Out<F extends (...args: never[]) => unknown> = ReturnType<F>;

const fixturesFit: [
  FitsSdk<Domain.PaymentResponse, Out<typeof payment>>,
  FitsSdk<Domain.CreatePaymentResponse, Out<typeof redirectAnswer>>,
  FitsSdk<Domain.CreateHostedCheckoutResponse, Out<typeof hostedCheckoutAnswer>>,
  FitsSdk<Domain.GetHostedCheckoutResponse, Out<typeof hostedCheckoutStatus>>,
  FitsSdk<Domain.CaptureResponse, Out<typeof captureAnswer>>,
  FitsSdk<Domain.CancelPaymentResponse, { payment: Out<typeof payment> }>,
  FitsSdk<Domain.RefundResponse, Out<typeof refund>>,
  FitsSdk<WebhooksEvent, Out<typeof webhookEvent>>,
  // GET /payments/{id}/captures and /refunds, read by the follow-up lookup (D94).
  FitsSdk<Domain.CapturesResponse, { captures: Out<typeof captureAnswer>[] }>,
  FitsSdk<Domain.RefundsResponse, { refunds: Out<typeof refund>[] }>,
  // GET /payments/{id}/details, read to confirm a chargeback event and name each dispute (D141).
  FitsSdk<Domain.PaymentDetailsResponse, Out<typeof paymentDetails>>,
] = [true, true, true, true, true, true, true, true, true, true, true];

/** A refund object is read as one of the payment-like operations: its id, status, status code and output. */
type RefundRead = Pick<WorldlinePayment, 'id' | 'status'> & { readonly statusOutput?: { readonly statusCode?: number }; readonly refundOutput?: RefundOutput };

const readsFit: [
  ReadsFromSdk<Domain.PaymentResponse, WorldlinePayment>,
  ReadsFromSdk<Domain.RefundResponse, RefundRead>,
  ReadsFromSdk<Domain.CaptureResponse, Pick<WorldlinePayment, 'id' | 'status'> & { readonly statusOutput?: { readonly statusCode?: number } }>,
  ReadsFromSdk<WebhooksEvent, Omit<WorldlineEvent, 'refund'>>,
  ReadsFromSdk<Domain.GetHostedCheckoutResponse, { readonly status?: string; readonly createdPaymentOutput?: { readonly payment?: WorldlinePayment } }>,
  ReadsFromSdk<Domain.CreateHostedCheckoutResponse, { readonly hostedCheckoutId?: string; readonly redirectUrl?: string; readonly partialRedirectUrl?: string }>,
  ReadsFromSdk<Domain.CreatePaymentResponse, { readonly payment?: WorldlinePayment; readonly merchantAction?: { readonly actionType?: string; readonly redirectData?: { readonly redirectURL?: string } } }>,
  ReadsFromSdk<Domain.CapturesResponse, { readonly captures?: readonly (Pick<WorldlinePayment, 'id' | 'status'> & { readonly statusOutput?: { readonly statusCode?: number }; readonly captureOutput?: { readonly operationReferences?: { readonly merchantReference?: string } } })[] }>,
  ReadsFromSdk<Domain.RefundsResponse, { readonly refunds?: readonly RefundRead[] }>,
  ReadsFromSdk<Domain.PaymentDetailsResponse, WorldlinePayment & { readonly Operations?: readonly WorldlineOperation[] }>,
] = [true, true, true, true, true, true, true, true, true, true];

describe("Worldline: our answer and event fixtures against the official Node SDK's types", () => {
  it('every fixture fits its SDK type, no unknown field at any depth', () => {
    expect(fixturesFit.every(Boolean)).toBe(true);
  });

  it('every field our mapping reads is one the SDK types', () => {
    expect(readsFit.every(Boolean)).toBe(true);
  });
});
