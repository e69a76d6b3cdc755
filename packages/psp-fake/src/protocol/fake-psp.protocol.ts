import type { DeclineCategory } from '@splitpay/domain';

/**
 * The fake PSP's own HTTP API, as its drivers and its notifications speak it. It plays a PSP: its
 * shapes are its own (not ours), so the drivers translate them into our acks and facts.
 */

export const API_KEY_HEADER = 'x-api-key';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Hex HMAC-SHA256 of the raw notification body under the shared signing secret. */
export const SIGNATURE_HEADER = 'x-fake-psp-signature';

export type FakeMethod = 'card' | 'applepay' | 'paypal' | 'wero' | 'oney' | 'ancv';

/** The fake PSP spells its decline reasons as our categories (it is ours); its driver still maps them. */
export type DeclineReason = DeclineCategory;

export interface WireAmount {
  readonly value: number;
  readonly currency: string;
}

/** POST /api/payments */
export interface CreatePaymentRequest {
  readonly method: FakeMethod;
  readonly amount: WireAmount;
  /** The merchant's reference of this operation (our transaction id). */
  readonly reference: string;
  /** The order reference shown on the payer's page. */
  readonly orderReference?: string;
  readonly notificationUrl: string;
  readonly returnUrl?: string;
  readonly card?: { readonly number: string; readonly expiry: string; readonly cvc: string; readonly holder?: string };
  readonly registerAlias?: boolean;
  /** The acquirer contract carries partial authorization (the fake issuer grants a partial anyway). */
  readonly allowPartialAuthorization?: boolean;
  readonly plan?: { readonly installments: number; readonly withFees: boolean };
}

/**
 * Where a payment stands at the fake PSP. `received`: verdict on its way; `challenge`: 3-D Secure page
 * pending; `awaiting-payer`: the payer is on the PSP's page; `awaiting-token`: an in-page wallet waits
 * for its token; `lender-studying`: financing under study.
 */
export type PaymentStatus =
  | 'received'
  | 'challenge'
  | 'awaiting-payer'
  | 'awaiting-token'
  | 'lender-studying'
  | 'authorized'
  | 'captured'
  | 'declined'
  | 'cancelled'
  | 'voided';

/** Answer of POST /api/payments and GET /api/payments/{ref}. */
export interface PaymentResource {
  readonly ref: string;
  readonly reference: string;
  readonly method: FakeMethod;
  readonly status: PaymentStatus;
  readonly amount: WireAmount;
  /** What was authorized (or paid), once decided. */
  readonly authorizedAmount?: WireAmount;
  readonly partial?: 'issuer' | 'payer';
  readonly declineReason?: DeclineReason;
  readonly resultCode?: string;
  readonly resultMessage?: string;
  readonly card?: { readonly brand?: string; readonly alias?: string; readonly last4: string };
  /** The payer's page, when the payer must go there. */
  readonly redirectUrl?: string;
}

/** POST /api/payments/{ref}/captures, /voids, /refunds */
export interface OperationRequest {
  readonly reference: string;
  readonly amount?: WireAmount;
}

/** Answer of the follow-up operations: accepted, the verdict comes by notification. */
export interface OperationResource {
  readonly ref: string;
  readonly paymentRef: string;
  readonly reference: string;
  readonly type: 'capture' | 'void' | 'refund';
  readonly status: 'received';
  readonly amount: WireAmount;
}

/** POST /api/payments/{ref}/wallet-token */
export interface WalletTokenRequest {
  readonly paymentToken: string;
}

/** The fake PSP's error body on every refusal. */
export interface ErrorBody {
  readonly error: string;
  readonly message: string;
}

export type NotificationEvent = 'authorization' | 'capture' | 'void' | 'refund' | 'chargeback';

export type NotificationResult = 'authorized' | 'declined' | 'cancelled' | 'pending' | 'succeeded' | 'failed';

/** The body the fake PSP POSTs to the notificationUrl, signed with SIGNATURE_HEADER. */
export interface FakeNotification {
  /** Unique per event; a resend keeps it. */
  readonly id: string;
  readonly createdAt: string;
  readonly event: NotificationEvent;
  readonly paymentRef: string;
  /** The PSP's reference of the operation the event is about (the payment itself for authorization). */
  readonly ref: string;
  /** The merchant's reference of that operation, when it has one (chargebacks carry none). */
  readonly reference?: string;
  readonly result: NotificationResult;
  readonly amount: WireAmount;
  readonly code?: string;
  readonly message?: string;
  readonly declineReason?: DeclineReason;
  readonly partial?: 'issuer' | 'payer';
  readonly card?: { readonly brand?: string; readonly alias?: string };
  readonly chargeback?: {
    readonly type: 'chargeback' | 'representment';
    readonly reasonCode: string;
    readonly status: string;
    readonly date: string;
    readonly validUntil: string;
  };
}
