import type { Money, OperationRef, PspFact } from '@splitpay/domain';
import type { PayPalOrder } from '../api/paypal-order';

/**
 * What an order says of the authorization verdict of the attempt that opened it: the verdict
 * itself, an order the payer approved (authorize it now), or one the payer has not acted on yet.
 */
export type OrderVerdict =
  | { readonly kind: 'verdict'; readonly fact: PspFact }
  | { readonly kind: 'approved' }
  | { readonly kind: 'awaiting-payer' }
  /** The authorization is under PayPal's review (PENDING): its verdict comes later. */
  | { readonly kind: 'pending' };

/** Authorization statuses that mean money was held (later captured or voided: the grant stands). */
const GRANTED = new Set(['CREATED', 'CAPTURED', 'PARTIALLY_CAPTURED', 'VOIDED']);

/** The order's authorization verdict; `opening` is our opening operation (its id and the order id). */
export function verdictOfOrder(order: PayPalOrder, opening: OperationRef, requested: Money): OrderVerdict {
  const ref: OperationRef = { ...opening, providerRef: order.id };
  switch (order.status) {
    case 'CREATED':
    case 'PAYER_ACTION_REQUIRED':
    case 'SAVED':
      return { kind: 'awaiting-payer' };
    case 'APPROVED':
      return { kind: 'approved' };
    case 'VOIDED':
      return { kind: 'verdict', fact: { kind: 'declined', ref, providerRef: order.id, statusCode: 'ORDER_VOIDED', statusMessage: 'PayPal voided the order before any authorization' } };
    case 'COMPLETED': {
      const auth = order.authorization;
      if (!auth) return { kind: 'verdict', fact: { kind: 'declined', ref, providerRef: order.id, statusCode: 'NO_AUTHORIZATION', statusMessage: 'the order was completed without an authorization' } };
      if (auth.status === 'PENDING') return { kind: 'pending' };
      if (GRANTED.has(auth.status)) {
        return { kind: 'verdict', fact: { kind: 'authorized', ref, providerRef: order.id, granted: auth.amount ?? requested, statusCode: auth.status } };
      }
      return {
        kind: 'verdict',
        fact: { kind: 'declined', ref, providerRef: order.id, category: 'bank-refusal', statusCode: `AUTHORIZATION_${auth.status}`, statusMessage: 'PayPal denied the authorization' },
      };
    }
  }
}
