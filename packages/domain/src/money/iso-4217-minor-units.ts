/**
 * ISO 4217's minor units (list one, its "Minor unit" column): how many decimals an amount of the
 * currency has, so how many minor units make one major unit. Browsers and Node (ICU) disagree with
 * the standard for many codes (IQD, HUF, IDR, COP...) and change between versions: amounts are
 * read and written by this table only. This file imports nothing, so browser bundles can take it
 * alone; it is written compactly because the payer's script carries it within a tight budget.
 */

/**
 * The codes the standard gives no minor unit ("N.A."): precious metals, bond-market units, the SDR,
 * the testing and "no currency" codes. Their amounts count whole units (0 decimals, D106).
 */
export const ISO_4217_WITHOUT_MINOR_UNIT = 'XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XTS XUA XXX';

/** The codes whose minor unit is not 2 (those without minor unit count 0). */
const NOT_TWO: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0,
  VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  XAG: 0, XAU: 0, XBA: 0, XBB: 0, XBC: 0, XBD: 0, XDR: 0, XPD: 0, XPT: 0, XSU: 0, XTS: 0, XUA: 0, XXX: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/**
 * The number of decimals of the currency: 0 (JPY), 2 (EUR, HUF), 3 (IQD, KWD) or 4 (CLF). A code
 * without minor unit counts whole units (0); a code outside list one (a withdrawn code a stored
 * session may still carry, such as HRK) is taken with 2, what nearly all of them had.
 */
export function minorUnitsOf(currency: string): number {
  return NOT_TWO[currency] ?? 2;
}
