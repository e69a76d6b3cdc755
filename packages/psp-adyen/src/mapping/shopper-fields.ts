import type { DriverOrder } from '@splitpay/domain';
import { accountInfoOf, type AdyenAccountInfo } from './account-info';
import { shopperStatementOf } from './shopper-statement';

/** What a `/payments` request carries of the order, as Adyen's PaymentRequest names it. */
export interface AdyenShopperFields {
  readonly shopperEmail?: string;
  readonly accountInfo?: AdyenAccountInfo;
  readonly shopperStatement?: string;
}

/**
 * The order's data every Adyen payment sends, whatever the method (the card's open, Apple Pay's
 * confirm): only the fields the order gives.
 */
export function shopperFieldsOf(order: DriverOrder): AdyenShopperFields {
  const accountInfo = accountInfoOf(order.customer);
  const shopperStatement = shopperStatementOf(order.statementDescriptor);
  return {
    ...(order.customer?.email ? { shopperEmail: order.customer.email } : {}),
    ...(accountInfo ? { accountInfo } : {}),
    ...(shopperStatement ? { shopperStatement } : {}),
  };
}
