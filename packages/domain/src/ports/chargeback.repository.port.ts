import type { Chargeback } from '../chargeback/chargeback.model';
import type { MerchantId, SessionId } from '../ids/ids';
import type { SaveResult } from './session.repository.port';

/** How many chargebacks a session's read lists: far more than one order ever meets. */
export const CHARGEBACKS_PER_SESSION_LIMIT = 100;

/** A walk of one merchant's chargeback messages whose calendar is spent, by first failure in [from, to). */
export interface AbandonedChargebackSearch {
  readonly merchantId: MerchantId;
  readonly from?: number;
  readonly to?: number;
  /** The position of the last chargeback of the previous page. */
  readonly after?: AbandonedChargebackPosition;
  readonly limit: number;
}

/** Where a page of abandoned chargeback messages ended: the first failure of its last one, and its notificationId. */
export interface AbandonedChargebackPosition {
  readonly firstFailedAt: number;
  readonly notificationId: string;
}

export interface AbandonedChargebackPage {
  readonly items: readonly Chargeback[];
  /** Present when more chargebacks may follow. */
  readonly next?: AbandonedChargebackPosition;
}

/** Chargebacks, unique by notificationId (a PSP resending one stores nothing new). */
export interface ChargebackRepository {
  /** Inserts unless one with the same notificationId exists; safe under concurrent duplicates. */
  insertIfAbsent(chargeback: Chargeback): Promise<'inserted' | 'duplicate'>;
  findByNotificationId(notificationId: string): Promise<Chargeback | null>;
  /** The chargebacks raised on one session of one merchant, oldest first (at most `CHARGEBACKS_PER_SESSION_LIMIT`). */
  listForSession(merchantId: MerchantId, sessionId: SessionId): Promise<Chargeback[]>;
  /** Same contract as SessionRepository.save. */
  save(chargeback: Chargeback, options: { readonly expectedVersion: number; readonly leaseOwner?: string }): Promise<SaveResult>;
  /** Same contract as SessionRepository.claimDue. */
  claimDue(now: number, owner: string, leaseMs: number): Promise<Chargeback | null>;
  /** Same contract as SessionRepository.renewLease. */
  renewLease(notificationId: string, owner: string, now: number, leaseMs: number): Promise<boolean>;
  releaseLease(notificationId: string, owner: string): Promise<void>;
  /**
   * The merchant's chargebacks whose message was abandoned (its calendar spent), the first failure in
   * [from, to), oldest first, then by notificationId: the operators' replay (tools/ops).
   */
  findAbandonedDeliveries(query: AbandonedChargebackSearch): Promise<AbandonedChargebackPage>;
}
