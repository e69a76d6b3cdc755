import { minorUnitsOf } from '@splitpay/domain';
import { KIT_AMOUNT } from '../kit-session';
import type { PspKitTarget } from '../kit-target';
import { check, type KitCheck } from './check';
import { followUp, taken } from './follow-up.checks';

/**
 * Currencies whose minor unit is not a hundredth: a driver that always writes two decimals asks the
 * PSP for a hundred times the yen, or a tenth of the dinars, and in euros nothing would show it.
 */
export const OTHER_DECIMALS = ['JPY', 'KWD'] as const;

/** The target paying in `currency`, its order's cart lines too (a session's lines are in its currency). */
function payingIn(target: PspKitTarget, currency: string): PspKitTarget {
  const lines = target.order?.cartItems;
  return {
    ...target,
    currency,
    ...(target.order ? { order: { ...target.order, ...(lines ? { cartItems: lines.map((line) => ({ ...line, amount: { ...line.amount, currency } })) } : {}) } } : {}),
  };
}

/**
 * The amount-bearing checks (authorization, capture, refund: granted and received on the wire as
 * asked) once more in a zero-decimal and a three-decimal currency, unless the driver's declared
 * currencies leave it out.
 */
export function currencyChecks(target: PspKitTarget): KitCheck[] {
  return OTHER_DECIMALS.filter((code) => code !== target.currency).map((code) =>
    check(payingIn(target, code), `amounts in ${code} (${minorUnitsOf(code)} decimals): authorized, captured and refunded as asked, on the wire too (unless the driver's currencies leave ${code} out)`, async (kit) => {
      const currencies = kit.capabilities.currencies;
      if (currencies !== undefined && !currencies.includes(code)) return;
      const { opened, target: taking } = await taken(kit);
      if (kit.capabilities.refund) await followUp(kit, opened, 'refund', KIT_AMOUNT, 'succeeds', taking);
    }),
  );
}
