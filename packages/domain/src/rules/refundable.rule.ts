import type { Attempt } from '../attempt/attempt.model';
import { subtract, zero, type Money } from '../money/money';

/** What may still be refunded on an attempt: granted minus refunded, zero unless it settled (CAPTURED). */
export function refundable(attempt: Attempt): Money {
  if (attempt.status !== 'CAPTURED') return zero(attempt.granted.currency);
  const left = subtract(attempt.granted, attempt.refunded);
  return left.amount > 0 ? left : zero(attempt.granted.currency);
}
