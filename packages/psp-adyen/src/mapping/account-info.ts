import type { DriverOrder } from '@splitpay/domain';

type Customer = DriverOrder['customer'];

/** Adyen's AccountInfo counts: what its 3-D Secure 2 risk assessment reads of the shopper's history. */
export interface AdyenAccountInfo {
  readonly pastTransactionsDay?: number;
  readonly pastTransactionsYear?: number;
  readonly purchasesLast6Months?: number;
}

/**
 * The merchant's customer activity as Adyen names it (the contract hands it to the 3-D Secure risk
 * assessment); only the counts given, undefined when none is.
 */
export function accountInfoOf(customer: Customer): AdyenAccountInfo | undefined {
  const activity = customer?.activity;
  if (!activity) return undefined;
  const info: AdyenAccountInfo = {
    ...(activity.transactionsLast24h !== undefined ? { pastTransactionsDay: activity.transactionsLast24h } : {}),
    ...(activity.transactionsLast12Months !== undefined ? { pastTransactionsYear: activity.transactionsLast12Months } : {}),
    ...(activity.transactionsLast6Months !== undefined ? { purchasesLast6Months: activity.transactionsLast6Months } : {}),
  };
  return Object.keys(info).length > 0 ? info : undefined;
}
