import type { DriverOrder, PayerDevice } from '@splitpay/domain';
import { accountInfoOf, type AdyenAccountInfo } from './account-info';
import { adyenAddressOf, adyenDeliveryAddressOf, type AdyenAddress, type AdyenDeliveryAddress } from './adyen-address';
import { shopperNameOf, type AdyenShopperName } from './shopper-name';
import { shopperStatementOf } from './shopper-statement';
import { telephoneNumberOf } from './telephone-number';

/** What a `/payments` request carries of the order and the payer's device, as Adyen's PaymentRequest names it. */
export interface AdyenShopperFields {
  readonly shopperEmail?: string;
  readonly shopperIP?: string;
  readonly shopperName?: AdyenShopperName;
  readonly telephoneNumber?: string;
  readonly billingAddress?: AdyenAddress;
  readonly deliveryAddress?: AdyenDeliveryAddress;
  readonly accountInfo?: AdyenAccountInfo;
  readonly shopperStatement?: string;
}

/**
 * The order's data every Adyen payment sends, whatever the method (the card's open, Apple Pay's
 * confirm): only the fields the order gives, in the form Adyen takes (3-D Secure 2 reads the
 * addresses, name and phone), and the IP of the payer whose request makes the payment (schemes
 * require it for browser-based 3-D Secure 2; Adyen's risk checks read it).
 */
export function shopperFieldsOf(order: DriverOrder, device?: PayerDevice): AdyenShopperFields {
  const shopperName = shopperNameOf(order);
  const telephoneNumber = telephoneNumberOf(order.billing);
  const billingAddress = adyenAddressOf(order.billing);
  const deliveryAddress = adyenDeliveryAddressOf(order.shipping);
  const accountInfo = accountInfoOf(order.customer);
  const shopperStatement = shopperStatementOf(order.statementDescriptor);
  return {
    ...(order.customer?.email ? { shopperEmail: order.customer.email } : {}),
    ...(device?.ip ? { shopperIP: device.ip } : {}),
    ...(shopperName ? { shopperName } : {}),
    ...(telephoneNumber ? { telephoneNumber } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(deliveryAddress ? { deliveryAddress } : {}),
    ...(accountInfo ? { accountInfo } : {}),
    ...(shopperStatement ? { shopperStatement } : {}),
  };
}
