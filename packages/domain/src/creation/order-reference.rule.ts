import { DomainError } from '../errors/domain-error';

/**
 * The longest orderId a PSP will carry: its reference field holds 40 characters and a 9-character
 * per-operation suffix is appended (the contract's "Limits").
 */
export const MAX_ORDER_ID_LENGTH = 31;

/** Characters as a person counts them (code points), the way JSON Schema lengths count. */
export function characterCount(value: string): number {
  return [...value].length;
}

/** InvalidOrderReference: orderId empty, only white space (nothing to reconcile against), or longer than a PSP will carry. */
export function checkOrderReference(orderId: string): void {
  const length = characterCount(orderId);
  if (length === 0) throw new DomainError('InvalidOrderReference', 'orderId must not be empty');
  if (orderId.trim() === '') throw new DomainError('InvalidOrderReference', 'orderId must not be only white space');
  if (length > MAX_ORDER_ID_LENGTH) {
    throw new DomainError('InvalidOrderReference', `orderId must be at most ${MAX_ORDER_ID_LENGTH} characters (it has ${length})`);
  }
}
