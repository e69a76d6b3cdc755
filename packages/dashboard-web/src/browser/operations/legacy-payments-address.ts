import { operationsAddress } from './operation-filters';

/**
 * The Operations view's address for a payments address of D62's shape (`#/payments?provider=...` or
 * `...&type=...`), whose provider and type D65 moved to the Operations view; undefined for any other
 * payments address. The order reference and the days go along; the status stays behind, a session's
 * status not being an operation's verdict (D66).
 */
export function operationsAddressOfLegacyPayments(query: URLSearchParams): string | undefined {
  const carried = new URLSearchParams(query);
  carried.delete('status');
  const filters = operationsAddress.filters(carried);
  return filters.provider || filters.type ? operationsAddress.hash(filters) : undefined;
}
