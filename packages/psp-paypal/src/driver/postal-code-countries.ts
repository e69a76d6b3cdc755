/**
 * Countries whose addresses PayPal's Orders v2 takes only with a postal code (PayPal's "Country and
 * region address requirements" page of the Orders v2 reference, as WooCommerce's PayPal gateway
 * copies it in its AddressRequirements class). PayPal requires a city nearly everywhere too: our
 * addresses are sent only with one.
 */
export const POSTAL_CODE_REQUIRED: ReadonlySet<string> = new Set([
  'AR', 'AT', 'AU', 'BR', 'BT', 'CA', 'C2', 'CC', 'CH', 'CN', 'DE', 'DK', 'EH', 'ES', 'FK', 'FM', 'FO',
  'FR', 'GB', 'GL', 'GM', 'IT', 'JP', 'KG', 'KI', 'KM', 'MR', 'MX', 'NE', 'NF', 'NL', 'NO', 'NR', 'NU',
  'PL', 'PM', 'PN', 'SE', 'SG', 'SH', 'SJ', 'SM', 'SR', 'TF', 'TH', 'TK', 'TV', 'UM', 'US', 'VA', 'WF', 'YT',
]);
