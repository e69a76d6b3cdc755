import type { PspFact } from '@splitpay/domain';
import { FUNDED_STATUSES, type PurchaseStatus } from './purchase-status';

/**
 * What the purchase's status says of a capture, void or refund left without its verdict: done when
 * the status proves it (FUNDED or TO_BE_FUNDED: captured; CANCELLED: the whole purchase handed back,
 * so the void or the refund is done), else nothing: a slice handed back leaves the purchase FUNDED
 * whether it went through or not, and a status an action did not reach proves no failure either.
 */
export function followUpStatusFacts(type: 'capture' | 'void' | 'refund', status: PurchaseStatus, transactionId: string): readonly PspFact[] {
  const done = type === 'capture' ? FUNDED_STATUSES.has(status.statusCode) : status.statusCode === 'CANCELLED';
  if (!done) return [];
  const kind = type === 'capture' ? 'captured' : type === 'void' ? 'voided' : 'refunded';
  return [{ kind, success: true, ref: { transactionId }, statusCode: status.statusCode, ...(status.statusLabel ? { statusMessage: status.statusLabel } : {}) }];
}
