import { disclosuresIn } from './disclosures-in-text';

describe('disclosuresIn', () => {
  it('names the card numbers, email addresses, phone numbers and credentials a text carries', () => {
    expect(disclosuresIn('card 4111 1111 1111 1111, jane.doe@example.com')).toEqual(['a card number', 'an email address']);
    expect(disclosuresIn('paid with 5555-5555-5555-4444')).toEqual(['a card number']);
    expect(disclosuresIn('payer called from +33 6 12 34 56 78')).toEqual(['a phone number']);
    expect(disclosuresIn('retried with Bearer eyJhbGciOi.abc.def')).toEqual(['a token or credential']);
    expect(disclosuresIn('session pst_abcdef123')).toEqual(['a token or credential']);
  });

  it('lets an operator\'s ordinary note through: tickets, dates, amounts, a PSP reference failing the card checksum', () => {
    for (const note of ['refunded in the back office (ticket 7)', 'COMPLETED on 2026-11-27 at 02:00, 600 EUR', 'REFUND 8535296382716013 in the Customer Area', 'no trace at the PSP']) {
      expect(disclosuresIn(note)).toEqual([]);
    }
  });
});
