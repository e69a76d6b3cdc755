import type { Attempt } from '../attempt/attempt.model';
import type { MerchantId, SessionId } from '../ids/ids';
import type { MethodOffer } from '../method/method';
import type { Money } from '../money/money';
import type { CountryCode } from '../money/currency';

export const SESSION_STATUSES = [
  'PENDING',
  'CAPTURING',
  'PAID',
  'ABORTING',
  'ABORTED',
  'EXPIRING',
  'EXPIRED',
  'AWAITING',
  'AWAITED_REFUSED',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const TERMINAL_SESSION_STATUSES = ['PAID', 'ABORTED', 'EXPIRED', 'AWAITED_REFUSED'] as const;
export type TerminalSessionStatus = (typeof TERMINAL_SESSION_STATUSES)[number];

export interface Terms {
  readonly label: string;
  readonly url: string;
}

export interface CartItemDetail {
  readonly itemId: string;
  readonly category: string;
  readonly brand: string;
  readonly discount: number;
  readonly tax: number;
  readonly delivery: {
    readonly type: string;
    readonly speed: 'standard' | 'express';
    readonly expectedDate: string;
    readonly expectedDelay: number;
    readonly label: string;
  };
}

export interface CartItem {
  readonly label: string;
  readonly quantity: number;
  readonly amount: Money;
  readonly detail?: CartItemDetail;
}

export interface Customer {
  readonly activity?: {
    readonly transactionsLast24h?: number;
    readonly transactionsLast12Months?: number;
    readonly transactionsLast6Months?: number;
  };
  readonly ident?: string;
  readonly email?: string;
  readonly firstName?: string;
  readonly lastName?: string;
}

export interface Address {
  readonly companyName?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly title?: 'mr' | 'mrs' | 'miss';
  readonly address?: string;
  readonly postalCode?: string;
  readonly city?: string;
  readonly country?: CountryCode;
  readonly phone?: string;
  readonly mobilePhone?: string;
}

export interface Travel {
  readonly passenger?: { readonly firstName?: string; readonly lastName?: string; readonly dateOfBirth?: string };
  readonly stays?: readonly {
    readonly location?: string;
    readonly arrivalDate?: string;
    readonly departureDate?: string;
    readonly type?: string;
    readonly roomCount?: number;
    readonly passengerCount?: number;
  }[];
  readonly insurance?: boolean;
  readonly vehicleRent?: boolean;
}

/**
 * Delivery state of one webhook message (the session-ended message of a session, or one chargeback).
 * Kept in the same document as the fact it announces, so the fact and the message it owes are
 * written in one atomic update.
 */
export interface Delivery {
  readonly url: string;
  readonly notificationId: string;
  /** The JSON body, fixed when the message became owed; retries and replays send it unchanged. */
  readonly payload: Readonly<Record<string, unknown>>;
  readonly deliveredAt?: number;
  /** Delivery attempts failed so far (since the calendar was last armed). */
  readonly failures: number;
  /** The calendar is spent. */
  readonly abandoned: boolean;
  /** When the next delivery attempt is due; absent when nothing is owed. */
  readonly nextAttemptAt?: number;
  /** When the first attempt of the current calendar failed: the `t` the retry delays count from. */
  readonly firstFailedAt?: number;
}

/** The notification facet of a session: the address is fixed at creation; the message exists once the session ends. */
export interface SessionNotification {
  readonly url: string;
  readonly delivery?: Delivery;
}

/** Lease on a document's background work, so that one instance among several does it. */
export interface Lease {
  readonly owner: string;
  readonly until: number;
}

/**
 * What a creation sent with an idempotency-key keeps to answer its retries (docs/decisions.md D63).
 * The elements token is not kept: it is derived again from `tokenSalt`.
 */
export interface CreationIdempotency {
  /** The idempotency-key header, unique per merchant account. */
  readonly key: string;
  /** Digest of the request body with its keys sorted: a retry with another body is a conflict. */
  readonly requestDigest: string;
  /** The random salt the elements token was derived from. */
  readonly tokenSalt: string;
}

/** One order, paid in one or several tranches. One MongoDB document holds all of it. */
export interface Session {
  readonly id: SessionId;
  readonly merchantId: MerchantId;
  readonly orderId: string;
  readonly status: SessionStatus;
  readonly total: Money;
  readonly captured: Money;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly expiresAt: number;
  /** When the session reached a terminal state. */
  readonly endedAt?: number;
  /** Financing: when the lender wait bound passes (AWAITING only). */
  readonly awaitingUntil?: number;
  /** Optimistic concurrency: incremented by every write. */
  readonly version: number;
  readonly methods: readonly MethodOffer[];
  readonly attempts: readonly Attempt[];
  /** SHA-256 of the elements token; the token itself is never stored. */
  readonly elementsTokenHash: string;
  /** Present only on a session created with an idempotency-key. */
  readonly idempotency?: CreationIdempotency;
  readonly notification?: SessionNotification;
  readonly terms?: readonly Terms[];
  readonly termsAcceptedAt?: number;
  readonly paymentMethodFilters?: { readonly country?: CountryCode; readonly channel?: string };
  readonly cartItems?: readonly CartItem[];
  readonly customer?: Customer;
  readonly billing?: Address;
  readonly shipping?: Address;
  readonly travel?: Travel;
  readonly returnUrl?: string;
  readonly cancelUrl?: string;
  readonly statementDescriptor?: string;
  readonly extraData?: string;
  readonly mustCreateAlias?: boolean;
  /** Earliest instant at which the session worker's work is due on this session (expiry, owed PSP
   * calls, overdue verdicts, lender bound); absent when nothing is scheduled. */
  readonly dueAt?: number;
  /** When the owed session-ended message is due (its calendar's next try), for the session-ended
   * worker, which sends it outside the session worker's turns; absent when none is owed. */
  readonly notificationDueAt?: number;
  readonly lease?: Lease;
}
