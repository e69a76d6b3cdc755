import { money, type Money } from '@splitpay/domain';
import type { WorldlinePayment } from './worldline-payment';

/**
 * The money a payment took: its amount, or the `acquiredAmount` when Worldline collected less (an
 * ANCV payer's chosen partial). An acquired amount of 0 is not read (nothing collected is no
 * chargeback's amount). Undefined when the payment states no amount.
 */
export function takenAmount(payment: WorldlinePayment): Money | undefined {
  const output = payment.paymentOutput;
  const asked = output?.amountOfMoney;
  if (!asked) return undefined;
  const acquired = output.acquiredAmount;
  const lower = acquired && acquired.amount > 0 && acquired.amount < asked.amount && acquired.currencyCode === asked.currencyCode;
  return lower ? money(acquired.amount, acquired.currencyCode) : money(asked.amount, asked.currencyCode);
}
