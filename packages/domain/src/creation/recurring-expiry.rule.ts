import { DomainError } from '../errors/domain-error';
import type { MethodEntry } from './session-request.model';

/** The UTC calendar day of an instant, YYYY-MM-DD (the contract's date format). */
function utcDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * InvalidRequest: a card registration whose last day of use (recurringExpiry) is before the day of
 * creation, in UTC (D127-a). Such a registration could never serve a later payment, yet the PSP would
 * still store the card. Both sides are YYYY-MM-DD, so they compare as strings.
 */
export function checkRecurringExpiry(entries: readonly MethodEntry[], now: number): void {
  const today = utcDay(now);
  entries.forEach((entry, index) => {
    if (entry.method !== 'card' || !entry.createAlias) return;
    const last = entry.createAlias.recurringExpiry;
    if (last < today) {
      throw new DomainError('InvalidRequest', `methods[${index}].createAlias.recurringExpiry ${last} is before today (${today}, UTC): the registration could never be used`);
    }
  });
}
