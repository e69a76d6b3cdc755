/** The shapes of the service's answers the dashboard reads (the contract's Session, Attempt, ...). */
import type { ChargebackEventFields, JsonOf } from '@splitpay/domain';

export interface Money {
  readonly amount: number;
  readonly currency: string;
}

export const SESSION_STATUSES = ['PENDING', 'CAPTURING', 'PAID', 'ABORTING', 'ABORTED', 'EXPIRING', 'EXPIRED', 'AWAITING', 'AWAITED_REFUSED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const TRANSACTION_TYPES = ['authorization', 'payment', 'capture', 'void', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const VERDICT_KINDS = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
/** An operation's verdict, what GET /api/transactions' `status` filters on. */
export type VerdictKind = (typeof VERDICT_KINDS)[number];

export type DeclineCategory = 'bank-refusal' | 'insufficient-funds' | 'invalid-card-data' | 'authentication-failed' | 'expired' | 'method-unavailable';

export interface TransactionJson {
  readonly transactionId: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly type: TransactionType;
  readonly amount: Money;
  readonly providerRef?: string;
  readonly status: {
    readonly kind: VerdictKind;
    readonly statusCode?: string;
    readonly statusMessage?: string;
    readonly category?: DeclineCategory;
  };
  /** What the PSP's answer to the driving call was: said when its body gave no status code. */
  readonly ackCode?: string;
  readonly ackMessage?: string;
  readonly ackHttpStatus?: number;
  readonly extraData?: string;
}

export interface AttemptJson {
  readonly attemptId: string;
  readonly createdAt: number;
  readonly method: string;
  readonly methodId: string;
  readonly provider: string;
  readonly status: 'AUTHORIZING' | 'AUTHORIZED' | 'DECLINED' | 'CANCELLED' | 'CAPTURED' | 'VOIDED';
  readonly partialAuth?: 'chosen' | 'mandated';
  readonly requested: Money;
  readonly granted: Money;
  readonly refunded: Money;
  readonly refundable: Money;
  readonly cardScheme?: string;
  /** Why the tranche was refused: a declined authorization, or a grant the service refused (D74). */
  readonly declineCategory?: DeclineCategory;
  readonly owedToPayer?: string;
  readonly transactions: readonly TransactionJson[];
}

export interface NotificationJson {
  readonly url: string;
  readonly deliveredAt?: number;
  readonly failures: number;
  readonly abandoned: boolean;
}

export interface SessionJson {
  readonly sessionId: string;
  readonly merchantId: string;
  readonly orderId: string;
  readonly status: SessionStatus;
  readonly total: Money;
  readonly captured: Money;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly notification?: NotificationJson;
  readonly attempts: readonly AttemptJson[];
}

/** One dispute of GET /api/dashboard/sessions/{id}/chargebacks (the domain's type, imported as a type only: erased from the bundle). */
export type ChargebackJson = JsonOf<ChargebackEventFields> & {
  readonly receivedAt: number;
  /** Where its message stands, as the dashboard's own read says (D148); absent: no chargeback address, nothing sent. */
  readonly delivery?: 'delivered' | 'trying' | 'abandoned';
};

export interface SessionPage {
  readonly sessions: readonly SessionJson[];
  readonly nextCursor?: string;
}

/** The contract's TransactionView: an operation with its session, attempt and order context. */
export interface TransactionViewJson {
  readonly sessionId: string;
  readonly merchantId: string;
  readonly orderId: string;
  readonly attemptId: string;
  readonly method: string;
  /** The PSP that ran the operation (its attempt's provider): whose settlement report it is in. */
  readonly provider: string;
  readonly cardScheme?: string;
  readonly transaction: TransactionJson;
}

/** A page of GET /api/transactions, newest first. */
export interface TransactionPage {
  readonly transactions: readonly TransactionViewJson[];
  readonly nextCursor?: string;
}

export interface RefundAnswer {
  readonly refunds: readonly TransactionViewJson[];
}

export interface ReplayAnswer {
  readonly url: string;
  readonly failures: number;
  readonly abandoned: boolean;
}

/** A provider of the account's contracts, as GET /api/me names it (D66). */
export interface AccountProvider {
  readonly id: string;
  /** The service's display name, when the platform knows one. */
  readonly name?: string;
}

export interface MeJson {
  readonly merchantId: string;
  readonly principal: 'client' | 'contact';
  readonly contact?: { readonly email: string; readonly role: 'admin' | 'member' };
  readonly expiresAt: number;
  readonly providers: readonly AccountProvider[];
}

/** An answer of the service: its body, or its refusal (the contract's error code). */
export type ApiResult<T> =
  | { readonly ok: true; readonly body: T }
  | { readonly ok: false; readonly status: number; readonly code: string };
