import type { Chargeback } from '../chargeback/chargeback.model';
import type { MerchantId, SessionId } from '../ids/ids';
import type { SaveResult } from './session.repository.port';

/** How many chargebacks a session's read lists: far more than one order ever meets. */
export const CHARGEBACKS_PER_SESSION_LIMIT = 100;

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
  releaseLease(notificationId: string, owner: string): Promise<void>;
}
