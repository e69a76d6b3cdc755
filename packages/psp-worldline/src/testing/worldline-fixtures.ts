import type { InboundNotification } from '@splitpay/domain';
import type { WorldlineError } from '../mapping/worldline-payment';
import { webhookSignature } from '../notification/webhook-signature';

export const TEST_BASE = 'https://payment.preprod.direct.worldline-solutions.com';
export const MERCHANT = 'splitpaytest';

/** A test contract's settings, secrets in clear (as the service hands them to the driver). */
export const SETTINGS = {
  merchantId: MERCHANT,
  apiKeyId: '5e45c937b9db33ae',
  secretApiKey: 'kitSecretApiKey-0123456789abcdef0123456789',
  webhookKeyId: 'wh-key-1',
  webhookSecret: 'kitWebhookSecret+0123456789abcdef',
  environment: 'test',
  ancvProductId: 5412,
} as const;

let sequence = 0;
/** A fresh Worldline payment id of an opening (`<paymentId>_0`). */
export const paymentId = (): string => `${String(Date.now()).slice(-7)}${String(++sequence).padStart(3, '0')}_0`;

export interface PaymentShape {
  readonly id: string;
  readonly status: string;
  readonly statusCode: number;
  readonly statusCategory?: string;
  readonly amount: number;
  readonly acquired?: number;
  readonly merchantReference?: string;
  readonly product?: number;
  readonly errors?: readonly WorldlineError[];
  /** The hosted checkout that created the payment (PaymentResponse.hostedCheckoutSpecificOutput). */
  readonly hostedCheckoutId?: string;
  /** When the status last changed, as Worldline writes it (`yyyyMMddHHmmss`). */
  readonly statusChangedAt?: string;
  /** `statusOutput.isAuthorized` when the status alone does not say it (PENDING_APPROVAL). */
  readonly isAuthorized?: boolean;
}

// Return types are inferred, not widened, so that official-sdk/ can check each fixture against Worldline's SDK types.

/** A payment object as Worldline answers it (GET /payments/{id}, webhooks). */
export function payment(shape: PaymentShape) {
  return {
    id: shape.id,
    status: shape.status,
    statusOutput: {
      statusCategory: shape.statusCategory ?? 'PENDING_MERCHANT',
      statusCode: shape.statusCode,
      isAuthorized: shape.isAuthorized ?? ['PENDING_CAPTURE', 'CAPTURED', 'CAPTURE_REQUESTED'].includes(shape.status),
      ...(shape.statusChangedAt ? { statusCodeChangeDateTime: shape.statusChangedAt } : {}),
      ...(shape.errors ? { errors: [...shape.errors] } : {}),
    },
    paymentOutput: {
      amountOfMoney: { amount: shape.amount, currencyCode: 'EUR' },
      ...(shape.acquired !== undefined ? { acquiredAmount: { amount: shape.acquired, currencyCode: 'EUR' } } : {}),
      ...(shape.merchantReference ? { references: { merchantReference: shape.merchantReference } } : {}),
      ...(shape.product ? { redirectPaymentMethodSpecificOutput: { paymentProductId: shape.product } } : {}),
    },
    ...(shape.hostedCheckoutId ? { hostedCheckoutSpecificOutput: { hostedCheckoutId: shape.hostedCheckoutId } } : {}),
  };
}

export interface OperationShape {
  readonly id: string;
  readonly status: string;
  readonly statusCode: number;
  readonly amount: number;
  /** When the operation's status last changed (`yyyyMMddHHmmss`). */
  readonly statusChangedAt?: string;
}

/** One operation of a payment as GET /payments/{id}/details lists it (OperationOutput). */
export function operation(shape: OperationShape) {
  return {
    id: shape.id,
    status: shape.status,
    statusOutput: { statusCode: shape.statusCode, ...(shape.statusChangedAt ? { statusCodeChangeDateTime: shape.statusChangedAt } : {}) },
    amountOfMoney: { amount: shape.amount, currencyCode: 'EUR' },
  };
}

/** GET /payments/{id}/details (PaymentDetailsResponse): the payment, and its operations under `Operations`, as Worldline spells it. */
export function paymentDetails(of: ReturnType<typeof payment>, operations: readonly ReturnType<typeof operation>[] = []) {
  return { ...of, ...(operations.length > 0 ? { Operations: [...operations] } : {}) };
}

export interface RefundShape {
  readonly id: string;
  readonly status: string;
  readonly statusCode: number;
  readonly amount: number;
  /** The payment's merchantReference (our opening's transaction id), as Worldline echoes it. */
  readonly merchantReference?: string;
  /** The operation reference our refund request sent (our refund's transaction id). */
  readonly operationReference?: string;
}

/**
 * A refund object as Worldline's webhooks carry it (RefundResponse): the shape Worldline's own modules
 * read, its commercetools module's refund payload type, its Magento module's refund processor
 * (statusOutput.statusCode, refundOutput.amountOfMoney and references.merchantReference) and its
 * PrestaShop module's refund presenter (the id `<paymentId>_<operation>`).
 */
export function refund(shape: RefundShape) {
  return {
    id: shape.id,
    status: shape.status,
    statusOutput: { statusCategory: shape.status === 'REFUNDED' ? 'COMPLETED' : 'PENDING_CONNECT_OR_3RD_PARTY', statusCode: shape.statusCode },
    refundOutput: {
      amountOfMoney: { amount: shape.amount, currencyCode: 'EUR' },
      ...(shape.merchantReference ? { references: { merchantReference: shape.merchantReference } } : {}),
      ...(shape.operationReference ? { operationReferences: { merchantReference: shape.operationReference } } : {}),
      paymentMethod: 'redirect',
    },
  };
}

/** The answer of POST /payments/{id}/capture (CaptureResponse): the capture operation, its status and amount. */
export function captureAnswer(shape: { readonly id: string; readonly status: string; readonly statusCode: number; readonly amount: number; readonly operationReference?: string }) {
  return {
    id: shape.id,
    status: shape.status,
    statusOutput: { statusCode: shape.statusCode },
    captureOutput: {
      amountOfMoney: { amount: shape.amount, currencyCode: 'EUR' },
      ...(shape.operationReference ? { operationReferences: { merchantReference: shape.operationReference } } : {}),
      paymentMethod: 'redirect',
    },
  };
}

/** The answer of POST /payments for a redirect payment: the payment REDIRECTED, and where the payer goes. */
export function redirectAnswer(id: string, amount: number, merchantReference: string) {
  return {
    creationOutput: { isNewToken: false },
    merchantAction: { actionType: 'REDIRECT', redirectData: { redirectURL: `https://payment.preprod.direct.worldline-solutions.com/redirect/${id}` } },
    payment: payment({ id, status: 'REDIRECTED', statusCode: 46, statusCategory: 'PENDING_PAYMENT', amount, merchantReference }),
  };
}

export interface EventObject {
  readonly payment?: ReturnType<typeof payment>;
  readonly refund?: ReturnType<typeof refund>;
}

/** A webhook event's body (WebhooksEvent): one object, a payment or a refund. */
export function webhookEvent(type: string, object: EventObject) {
  return { apiVersion: 'v1', id: `evt-${++sequence}`, created: '2026-11-23T14:00:00.000+0100', merchantId: MERCHANT, type, ...object };
}

/** A webhook delivery as Worldline posts it, signed with the contract's webhook key. */
export function webhook(type: string, object: EventObject, secret: string = SETTINGS.webhookSecret, keyId: string = SETTINGS.webhookKeyId): InboundNotification {
  const rawBody = JSON.stringify(webhookEvent(type, object));
  return { headers: { 'content-type': 'application/json', 'x-gcs-signature': webhookSignature(secret, rawBody), 'x-gcs-keyid': keyId }, rawBody, query: {} };
}

/** The answer of POST /hostedcheckouts: its id and the page the payer goes to. */
export function hostedCheckoutAnswer(id: string, merchantReference: string) {
  return { RETURNMAC: `mac-${id}`, hostedCheckoutId: id, merchantReference, partialRedirectUrl: `preprod.direct.worldline-solutions.com/hostedcheckout/PaymentMethods/Selection/${id}`, redirectUrl: `${TEST_BASE}/hostedcheckout/PaymentMethods/Selection/${id}` };
}

/** GET /hostedcheckouts/{id}: its status and the payment it created, if any. */
export function hostedCheckoutStatus(status: string, created?: ReturnType<typeof payment>) {
  return { status, ...(created ? { createdPaymentOutput: { payment: created, paymentStatusCategory: created.statusOutput.statusCategory } } : {}) };
}
