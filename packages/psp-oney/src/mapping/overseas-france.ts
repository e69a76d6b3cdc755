/**
 * France's overseas departments and the collectivities that share their numbering (Guadeloupe,
 * Martinique, French Guiana, Réunion, Mayotte, Saint-Barthélemy, Saint-Martin). Oney's payment page
 * (its "Special cases") asks for a customer there to be sent as France, the phones with the French
 * prefix +33 in place of the overseas one. Their numbers belong to the French national plan, so the
 * swap keeps the number: +590 690 12 34 56 is 0690 12 34 56 in France.
 */
const OVERSEAS_COUNTRIES: ReadonlySet<string> = new Set(['GP', 'MQ', 'GF', 'RE', 'YT', 'BL', 'MF']);
const OVERSEAS_PREFIX = /^\+(?:590|594|596|262)/;

/** The ISO alpha-2 country Oney is sent for an address: France for an overseas department. */
export function oneyCountryOf(country: string): string {
  return OVERSEAS_COUNTRIES.has(country) ? 'FR' : country;
}

/** A phone as Oney takes it: an overseas department's prefix made +33, any other left as given. */
export function oneyPhoneOf(phone: string | undefined): string | undefined {
  return phone?.replace(OVERSEAS_PREFIX, '+33');
}
