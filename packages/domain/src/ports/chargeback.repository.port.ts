import type { Chargeback } from '../chargeback/chargeback.model';
import type { SaveResult } from './session.repository.port';

/** Chargebacks, unique by notificationId (a PSP resending one stores nothing new). */
export interface ChargebackRepository {
  /** Inserts unless one with the same notificationId exists; safe under concurrent duplicates. */
  insertIfAbsent(chargeback: Chargeback): Promise<'inserted' | 'duplicate'>;
  findByNotificationId(notificationId: string): Promise<Chargeback | null>;
  /** Same contract as SessionRepository.save. */
  save(chargeback: Chargeback, options: { readonly expectedVersion: number; readonly leaseOwner?: string }): Promise<SaveResult>;
  /** Same contract as SessionRepository.claimDue. */
  claimDue(now: number, owner: string, leaseMs: number): Promise<Chargeback | null>;
  releaseLease(notificationId: string, owner: string): Promise<void>;
}
