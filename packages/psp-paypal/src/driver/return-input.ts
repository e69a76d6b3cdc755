import type { DriverCall, Money, OperationRef } from '@splitpay/domain';

/** The payer came back through the return door: what PayPal put on the return_url or cancel_url. */
export interface PayPalReturnInput extends DriverCall {
  /** The opening operation (our transaction id, and the order id once known). */
  readonly target: OperationRef;
  readonly amount: Money;
  /** Query fields of the return request, verbatim (PayPal's token and PayerID, our cancel mark). */
  readonly params: Readonly<Record<string, string>>;
}
