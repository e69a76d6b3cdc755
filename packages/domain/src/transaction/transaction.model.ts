import type { TransactionId } from '../ids/ids';
import type { DeclineCategory } from '../method/method';
import type { Money } from '../money/money';

export const TRANSACTION_TYPES = ['authorization', 'payment', 'capture', 'void', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const VERDICT_KINDS = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type VerdictKind = (typeof VERDICT_KINDS)[number];

/** The verdict facet: what the PSP finally decided. */
export interface TransactionStatus {
  readonly kind: VerdictKind;
  readonly statusCode?: string;
  readonly statusMessage?: string;
  readonly category?: DeclineCategory;
}

/** The ack facet: what the driving call answered. Kept apart from the verdict. */
export interface Ack {
  readonly code?: string;
  readonly message?: string;
  /** Absent beside a present message: no HTTP response ever came. */
  readonly httpStatus?: number;
}

/**
 * Whether the PSP still has to be told about this operation. Captures, voids and refunds are recorded
 * as `owed` in the same write as the state change that needs them (the outbox); a worker sends them
 * with the transaction id as the PSP idempotency key and records the ack.
 */
export type Dispatch =
  /**
   * `notTaken`: how many of the `tries` the PSP answered without taking the request (DriverAck.notTaken);
   * absent: none. The others are sends the PSP may have acted on.
   */
  | { readonly state: 'owed'; readonly tries: number; readonly nextAt: number; readonly notTaken?: number }
  | { readonly state: 'sent'; readonly at: number; readonly lookup?: VerdictLookupPlan }
  | { readonly state: 'given-up'; readonly tries: number; readonly at: number; readonly lookup?: VerdictLookupPlan };

/**
 * A sent operation the PSP took without its verdict (a capture or refund answered pending), or one
 * given up after unanswered sends (which the PSP may have acted on): looked up
 * at its PSP on the policy's calendar (`due`, after `tries` lookups) until a verdict comes; `stopped`
 * once the calendar is spent, the verdict still pending (the operator was alerted).
 */
export type VerdictLookupPlan =
  | { readonly state: 'due'; readonly tries: number; readonly nextAt: number }
  | { readonly state: 'stopped'; readonly tries: number; readonly at: number };

/** One PSP operation of an attempt. */
export interface Transaction {
  readonly id: TransactionId;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly type: TransactionType;
  readonly amount: Money;
  readonly providerRef?: string;
  readonly status: TransactionStatus;
  readonly ack?: Ack;
  /** Refunds only: the caller's reconciliation tag, echoed verbatim. */
  readonly extraData?: string;
  /** Refunds only: the idempotency key the refund was recorded under. */
  readonly idempotencyKey?: string;
  /**
   * Voids only: the cancel of a file the lender still studied, owed before any verdict of the opening
   * (study-cancel.ts). Its failure says nothing of a hold the lender granted since: that hold gets a
   * void of its own.
   */
  readonly studyCancel?: true;
  readonly dispatch?: Dispatch;
  /**
   * When the operator was alerted that this operation's verdict, pending at its PSP, was overdue
   * (`psp.verdict_overdue`, docs/decisions.md D104): kept so that the alert is raised once, across restarts.
   */
  readonly verdictOverdueAlertedAt?: number;
}
