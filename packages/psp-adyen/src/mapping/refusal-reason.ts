import type { DeclineCategory } from '@splitpay/domain';

/**
 * Adyen's refusal reasons (refusalReasonCode, and the refusalReason text webhooks carry) to our
 * decline categories. Technical and risk refusals (acquirer error, issuer unavailable, fraud, not
 * submitted...) carry no category: the payer sees a plain refusal.
 */
const BY_CODE: Readonly<Record<string, { readonly reason: string; readonly category?: DeclineCategory }>> = {
  '2': { reason: 'Refused', category: 'bank-refusal' },
  '3': { reason: 'Referral', category: 'bank-refusal' },
  '4': { reason: 'Acquirer Error' },
  '5': { reason: 'Blocked Card', category: 'bank-refusal' },
  '6': { reason: 'Expired Card', category: 'expired' },
  '7': { reason: 'Invalid Amount' },
  '8': { reason: 'Invalid Card Number', category: 'invalid-card-data' },
  '9': { reason: 'Issuer Unavailable' },
  '10': { reason: 'Not supported', category: 'bank-refusal' },
  '11': { reason: '3D Not Authenticated', category: 'authentication-failed' },
  '12': { reason: 'Not enough balance', category: 'insufficient-funds' },
  '14': { reason: 'Acquirer Fraud', category: 'bank-refusal' },
  '15': { reason: 'Cancelled' },
  '16': { reason: 'Shopper Cancelled' },
  '17': { reason: 'Invalid Pin', category: 'invalid-card-data' },
  '18': { reason: 'Pin tries exceeded', category: 'bank-refusal' },
  '19': { reason: 'Pin validation not possible' },
  '20': { reason: 'FRAUD' },
  '21': { reason: 'Not Submitted' },
  '22': { reason: 'FRAUD-CANCELLED' },
  '23': { reason: 'Transaction Not Permitted', category: 'bank-refusal' },
  '24': { reason: 'CVC Declined', category: 'invalid-card-data' },
  '25': { reason: 'Restricted Card', category: 'bank-refusal' },
  '26': { reason: 'Revocation Of Auth', category: 'bank-refusal' },
  '27': { reason: 'Declined Non Generic', category: 'bank-refusal' },
  '28': { reason: 'Withdrawal amount exceeded', category: 'insufficient-funds' },
  '29': { reason: 'Withdrawal count exceeded', category: 'bank-refusal' },
  '31': { reason: 'Issuer Suspected Fraud', category: 'bank-refusal' },
  '32': { reason: 'AVS Declined', category: 'invalid-card-data' },
  '38': { reason: 'Authentication required', category: 'authentication-failed' },
  '39': { reason: 'RReq not received from DS', category: 'authentication-failed' },
};

const BY_TEXT = new Map(Object.values(BY_CODE).map((entry) => [entry.reason.toLowerCase(), entry.category]));

/** The category of a refusal: by its code when Adyen gives one, else by its reason text. */
export function declineCategoryOf(code: string | undefined, reason: string | undefined): DeclineCategory | undefined {
  if (code !== undefined && BY_CODE[code]) return BY_CODE[code].category;
  return reason === undefined ? undefined : BY_TEXT.get(reason.trim().toLowerCase());
}

/** Every mapped row, for the tests that pin the table. */
export const REFUSAL_TABLE = BY_CODE;
