import type { CreateAlias } from '@splitpay/domain';

/**
 * A card registration's terms in the PaymentRequest fields 3-D Secure 2 reads (D127-b): the last day
 * the registration may be used as YYYYMMDD (the format Adyen's ThreeDS2RequestData documents for the
 * same element), the minimum days between two payments as a string of digits.
 */
export function recurringTermsOf(terms: CreateAlias): { recurringExpiry: string; recurringFrequency: string } {
  return { recurringExpiry: terms.recurringExpiry.replace(/-/g, ''), recurringFrequency: String(terms.recurringFrequency) };
}
