import { DomainError } from '../errors/domain-error';

/**
 * The most method entries one order may offer (D127-c). Six kinds of method exist; a real till shows
 * a handful, a few more when one kind is offered twice (a card at two acquirers, a lender's plans
 * split under two labels). Every entry travels in each payer poll, so the list stays bounded.
 */
export const MAX_METHOD_ENTRIES = 20;

/** InvalidRequest: more method entries than an order can offer. */
export function checkMethodCount(entries: readonly unknown[]): void {
  if (entries.length > MAX_METHOD_ENTRIES) {
    throw new DomainError('InvalidRequest', `methods must have at most ${MAX_METHOD_ENTRIES} entries (it has ${entries.length})`);
  }
}
