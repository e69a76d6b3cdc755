import { DomainError } from '../errors/domain-error';
import type { Address, Customer } from '../session/session.model';
import type { CartItemRequest } from './session-request.model';

/** Fields of every cart line's `detail` a lender needs, in the order they are checked. */
const DETAIL_FIELDS = ['itemId', 'category', 'brand', 'discount', 'tax', 'delivery'] as const;
const DELIVERY_FIELDS = ['type', 'speed', 'expectedDate', 'expectedDelay', 'label'] as const;
/** The billing file a lender prices the loan on (the billing country picks the national contract). */
export const BNPL_BILLING_FIELDS = ['firstName', 'lastName', 'address', 'postalCode', 'city', 'country'] as const;
/** The customer identity and contact financing contracts require. */
export const BNPL_CUSTOMER_FIELDS = ['firstName', 'lastName', 'email'] as const;

/**
 * BnplRequiresItemizedCart: a financed order needs cart lines, each fully itemized (every detail
 * field and every delivery field; nothing is substituted by the service). The message names the first
 * missing field.
 */
export function checkItemizedCart(cartItems: readonly CartItemRequest[] | undefined): void {
  if (!cartItems || cartItems.length === 0) {
    throw new DomainError('BnplRequiresItemizedCart', 'A session offering financing needs cartItems');
  }
  cartItems.forEach((item, index) => {
    const missing = (field: string): never => {
      throw new DomainError('BnplRequiresItemizedCart', `A session offering financing needs cartItems[${index}].${field}`);
    };
    const detail = item.detail;
    if (!detail) return missing('detail');
    for (const field of DETAIL_FIELDS) if (detail[field] === undefined) missing(`detail.${field}`);
    for (const field of DELIVERY_FIELDS) if (detail.delivery?.[field] === undefined) missing(`detail.delivery.${field}`);
  });
}

/**
 * BnplNeedsBillingAddress: a financed order needs its billing file: the billing address, then the
 * customer financing contracts require. The message names the first missing field.
 */
export function checkBillingFile(billing: Address | undefined, customer: Customer | undefined): void {
  const missing = (field: string): never => {
    throw new DomainError('BnplNeedsBillingAddress', `A session offering financing needs ${field}`);
  };
  if (!billing) missing('billing');
  for (const field of BNPL_BILLING_FIELDS) if (billing?.[field] === undefined) missing(`billing.${field}`);
  if (!customer) missing('customer');
  for (const field of BNPL_CUSTOMER_FIELDS) if (customer?.[field] === undefined) missing(`customer.${field}`);
}
