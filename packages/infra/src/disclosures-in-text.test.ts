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

  it.each([
    'payer read 4111 1111 1111 1111 12/27 on the phone',
    'captured twice on 4111111111111111 2 times',
    'card 5555-5555-5555-4444-03/28',
    'ref 1234 5678 9012 4111 1111 1111 1111',
    'Visa 4111 1111 1111 1111 (test card)',
  ])('sees a card number followed or preceded by another digit group: %s', (note) => {
    expect(disclosuresIn(note)).toContain('a card number');
  });

  it.each(['payer called from +33 (0)6 12 34 56 78', 'payer called from 0033 6 12 34 56 78', 'payer called from +1 555 123 4567'])('sees an international phone number as commonly written: %s', (note) => {
    expect(disclosuresIn(note)).toContain('a phone number');
  });

  it("lets through references no checksum window can tell from a card: Worldline's 20 digits, one starting with 00", () => {
    for (const note of ['payment 00000200000143570012 at Worldline', 'reference 0012345678901234 checked', 'REFUND 8535296382716013 12 times']) {
      expect(disclosuresIn(note)).toEqual([]);
    }
  });
});

describe('disclosuresIn, on digits glued together and short + numbers (D123)', () => {
  it.each(['card 41111111111111111227 on file', 'payer read 4111111111111111123 over the phone', 'card 41111111111111111227123', 'amex 3782822463100051227', 'card 41111111111111112'])(
    'sees a card number followed without a space by its expiry or security code: %s',
    (note) => {
      expect(disclosuresIn(note)).toContain('a card number');
    },
  );

  it("lets through references passing the checksum that no card number starts like (Adyen's start with 8), and long ids", () => {
    for (const note of ['REFUND 8815329842815467 in the Customer Area', 'PayPal order 5O190127TN364715T, id 12345678901234567, 00000200000143570012345', 'payment 00000200000143570012 at Worldline']) {
      expect(disclosuresIn(note)).toEqual([]);
    }
  });

  it.each(['ticket +1234567 closed', 'ref +12 3456 7', 'see +4412345'])('lets through a + reference too short for a phone number: %s', (note) => {
    expect(disclosuresIn(note)).toEqual([]);
  });

  it.each(['payer called from +290 22158', 'payer called from +44 20 7946 0958', 'call +86 139 1234 5678'])('still sees a phone number of a realistic length: %s', (note) => {
    expect(disclosuresIn(note)).toContain('a phone number');
  });

  it('lets through a + run longer than any phone number', () => {
    expect(disclosuresIn('batch +1234567890123456')).toEqual([]);
  });
});

describe('disclosuresIn, on mistyped card numbers and seven-digit phone numbers (D152)', () => {
  it.each(['payer read 4111 1111 1111 1121 on the phone', 'card 4111111111111121', 'amex 3782 822463 10006', 'card 5555-5555-5555-4445'])('sees a card number failing the checksum, written as cards are: %s', (note) => {
    expect(disclosuresIn(note)).toContain('a card number');
  });

  it('lets through timestamps, date-times and references failing or passing the checksum', () => {
    for (const note of ['settled at 1764318000000', 'COMPLETED 20261125093009 (20261125093000005)', 'REFUND 7914073381342285 done', 'order 41234567890123456']) {
      expect(disclosuresIn(note)).toEqual([]);
    }
  });

  it.each(['payer called from +683 4002', 'payer called from +690 2151', 'payer called from 00683 4002'])('sees a Niue or Tokelau number, seven digits in all: %s', (note) => {
    expect(disclosuresIn(note)).toContain('a phone number');
  });

  it.each(['ticket +1234567 closed', 'ref +4412345', 'see +6841234'])('still lets through a seven-digit + reference of another country code: %s', (note) => {
    expect(disclosuresIn(note)).toEqual([]);
  });
});

describe('disclosuresIn, on cards written with dots, area codes in brackets, signing secrets and raw access tokens (D157)', () => {
  it.each([
    ['a card number written with dots', 'payer card 4111.1111.1111.1111', 'a card number'],
    ['an American Express number written with dots', 'amex 3782.822463.10005', 'a card number'],
    ['a mistyped card number written with dots', 'card 4111.1111.1111.1121', 'a card number'],
    ['an international number with its area code in brackets', 'payer called from +1 (415) 555-2671', 'a phone number'],
    ['the same in the 00 form', 'payer called from 001 (415) 555 2671', 'a phone number'],
    ["a merchant's webhook signing secret", 'hook secret whsec_c3BsaXRwYXkgZGVtbyB3ZWJob29rcywgbm90IHJlYWw=', 'a token or credential'],
    ['a raw access token (a JWT)', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl', 'a token or credential'],
  ])('sees %s', (_what, note, disclosure) => {
    expect(disclosuresIn(note)).toContain(disclosure);
  });

  it('lets through dotted numbers written as no card is, a bracketed number without a +, and words starting like a token', () => {
    for (const note of [
      'from 192.168.100.200, service 1.24.0',
      'refunded 1.234.567,89 EUR on 2026.11.27',
      'reference 4111.1111.1111 only',
      'see eyJ docs, whsec rotation done',
    ]) {
      expect(disclosuresIn(note)).toEqual([]);
    }
  });
});

describe('disclosuresIn, on cards parted by slashes or underscores or in other digits, IBANs, national phone numbers and credential pairs (D158)', () => {
  it.each([
    ['a card number parted by slashes', 'card 4111/1111/1111/1111', 'a card number'],
    ['a card number parted by underscores', 'card 4111_1111_1111_1111', 'a card number'],
    ['a card number in full-width digits', 'card ４１１１１１１１１１１１１１１１', 'a card number'],
    ['a card number in full-width digits and spaces', 'card ４１１１　１１１１　１１１１　１１１１', 'a card number'],
    ['a card number in Arabic-Indic digits', 'card ٤١١١١١١١١١١١١١١١', 'a card number'],
    ['a card number parted by no-break spaces', 'card 4111\u00a01111\u00a01111\u00a01111', 'a card number'],
    ['a card number parted by en dashes', 'card 5555\u20135555\u20135555\u20134444', 'a card number'],
    ['a national number in pairs', 'payer called from 06 12 34 56 78', 'a phone number'],
    ['a national number in pairs with dots', 'payer called from 06.12.34.56.78', 'a phone number'],
    ['a national number in pairs with dashes', 'payer called from 06-12-34-56-78', 'a phone number'],
    ['a national number unbroken', 'payer called from 0612345678', 'a phone number'],
    ['a national number in full-width digits', 'payer called from ０６ １２ ３４ ５６ ７８', 'a phone number'],
    ['a British national number', 'payer called from 020 7946 0958', 'a phone number'],
    ['a British mobile number', 'payer called from 07700 900123', 'a phone number'],
    ['a North American number with its area code in brackets', 'payer called from (415) 555-2671', 'a phone number'],
    ['a North American number with dashes', 'payer called from 415-555-2671', 'a phone number'],
    ['a password pair', 'login password=hunter2 worked', 'a token or credential'],
    ['a secret pair', 'merchant sent secret=s3cr3tValue', 'a token or credential'],
    ['an API key pair', 'retried with api_key=AQEyhmfxK4', 'a token or credential'],
    ['a client secret with a colon', 'client_secret: demo-secret', 'a token or credential'],
    ['a password in JSON', 'body {"password":"hunter2"}', 'a token or credential'],
    ['an API key header', 'X-API-Key: AQEyhmfxK4', 'a token or credential'],
    ['a password pair after another name', 'user: password=hunter2', 'a token or credential'],
    ['a password in an address', 'restored from mongodb://shop:s3cr3t@db:27017/splitpay', 'a token or credential'],
  ])('sees %s', (_what, note, disclosure) => {
    expect(disclosuresIn(note)).toContain(disclosure);
  });

  it.each([
    'iban FR7630006000011234567890189',
    'iban FR76 3000 6000 0112 3456 7890 189',
    'to DE89 3704 0044 0532 0130 00 on Monday',
    'to DE89370400440532013000',
    'to GB29 NWBK 6016 1331 9268 19',
    'to be68 5390 0754 7034, refunded',
    'to ＦＲ７６３０００６００００１１２３４５６７８９０１８９',
    'to FR76-3000-6000-0112-3456-7890-189',
  ])('sees an IBAN, and only an IBAN: %s', (note) => {
    expect(disclosuresIn(note)).toEqual(['an IBAN']);
  });

  it('lets through ids, amounts, dates, date-times, addresses, versions, PSP references, timestamps and words near a credential', () => {
    for (const note of [
      'session 0190a5d2-7c3e-7b4a-9f1e-2c3d4e5f6a7b, id 01234567-0123-4567-8901-234567890123',
      'refunded 600 EUR (amount 123456789012), 1 234 567 EUR',
      'on 2026-11-27, at 2026-11-27T10:05:00Z, 2026/11/27, expiry 12/27, 27/11/2026 06:12',
      'from 192.168.100.200 and 10.0.12.34, service 1.24.0, node 22.11.0',
      'REFUND 8535296382716013 and QFQTPCQ8HXSKGK82, Worldline 3066019730_0, PayPal 5O190127TN364715T',
      'settled at 1764318000000 (1764318000), ticket 0012345678, order 123456789',
      'FR76 is the check, DE89 too, the IBAN FR76 3000 6000 0112 3456 7890 180 is wrong',
      'webhook secret rotated, token_type=Bearer, oauth:token:client, tokens=3, password reset done',
      'counts 06 12, 415 555, 2026 11 27 10 05',
    ]) {
      expect([note, disclosuresIn(note)]).toEqual([note, []]);
    }
  });
});
