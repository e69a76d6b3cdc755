import type { Attempt } from '../attempt/attempt.model';
import { subtract, zero, type Money } from '../money/money';
import { isSettled } from './remaining-balance.rule';

/**
 * What may still be refunded on an attempt: granted minus refunded, zero unless it settled by taking
 * its money (CAPTURED, and not handed back). An attempt the service is handing back (`releasedAt`)
 * has its money on its way back already, or recorded as owedToPayer when nothing could send it: a
 * merchant refund on top would send it a second time.
 */
export function refundable(attempt: Attempt): Money {
  if (attempt.status !== 'CAPTURED' || !isSettled(attempt)) return zero(attempt.granted.currency);
  const left = subtract(attempt.granted, attempt.refunded);
  return left.amount > 0 ? left : zero(attempt.granted.currency);
}
