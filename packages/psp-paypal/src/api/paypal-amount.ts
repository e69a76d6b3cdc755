import { minorUnitsOf, money, type Money } from '@splitpay/domain';

/** PayPal's amount: the currency and a decimal string in major units ("10.99"). */
export interface PayPalAmount {
  readonly currency_code: string;
  readonly value: string;
}

/**
 * Currencies PayPal takes without decimals (its currency codes page), on top of ISO 4217's minor
 * units: HUF and TWD have two decimals in ISO 4217, so only whole forints and dollars can be sent.
 */
const WHOLE_UNITS_ONLY = new Set(['HUF', 'JPY', 'TWD']);

/**
 * Our minor units as PayPal's decimal string; undefined when PayPal cannot carry the amount (a
 * fraction of a forint or a Taiwan dollar).
 */
export function toPayPalAmount(amount: Money): PayPalAmount | undefined {
  const digits = minorUnitsOf(amount.currency);
  const unit = 10 ** digits;
  const whole = Math.floor(amount.amount / unit);
  const fraction = amount.amount % unit;
  if (WHOLE_UNITS_ONLY.has(amount.currency)) {
    return fraction === 0 ? { currency_code: amount.currency, value: String(whole) } : undefined;
  }
  const value = digits === 0 ? String(whole) : `${whole}.${String(fraction).padStart(digits, '0')}`;
  return { currency_code: amount.currency, value };
}

/** PayPal's decimal string back in our minor units; undefined when it is not a plain decimal. */
export function fromPayPalAmount(amount: unknown): Money | undefined {
  if (typeof amount !== 'object' || amount === null) return undefined;
  const { currency_code: currency, value } = amount as Record<string, unknown>;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency) || typeof value !== 'string') return undefined;
  const parts = /^-?(\d+)(?:\.(\d+))?$/.exec(value);
  if (!parts) return undefined;
  const digits = minorUnitsOf(currency);
  const fraction = parts[2] ?? '';
  if (fraction.length > digits && !/^0*$/.test(fraction.slice(digits))) return undefined;
  const minor = Number(parts[1]) * 10 ** digits + Number(fraction.slice(0, digits).padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) ? money(minor, currency) : undefined;
}
