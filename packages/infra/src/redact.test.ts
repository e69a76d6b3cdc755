import { redact } from './redact';

describe('redact, on the card numbers in a log line', () => {
  it('hides a card number preceded by digit groups that make the run longer than 19 digits, every group of it', () => {
    const line = redact({ detail: 'txn 1234 5678 9012 4111 1111 1111 1111 failed' });
    expect(line.detail).not.toMatch(/1111/);
    expect(line.detail).toContain('[redacted-pan]');
  });

  it('hides a card number followed by its expiry or a count', () => {
    for (const text of ['4111 1111 1111 1111 12/27', '4111111111111111 2 times', '5555-5555-5555-4444-03/28']) {
      expect(String(redact({ detail: text }).detail)).not.toMatch(/4111|5555/);
    }
  });

  it("keeps a Worldline payment id (20 unbroken digits) and short numbers", () => {
    expect(redact({ detail: 'payment 00000200000143570012 refused, 600 EUR, ticket 7' })).toEqual({ detail: 'payment 00000200000143570012 refused, 600 EUR, ticket 7' });
  });
});

describe("redact, on the PSPs' references in a log line (D123)", () => {
  it("keeps Adyen's pspReference, whether or not it happens to pass the card checksum, as a field and inside a message", () => {
    const fields = { providerRef: '8535296382716013', pspReference: '8815329842815467', detail: 'capture of 8815329842815467 refused' };
    expect(redact(fields)).toEqual(fields);
  });

  it("keeps Worldline's and PayPal's ids", () => {
    const fields = { worldline: '3066019730_0', hosted: '000000850010000188180000100001', paypalOrder: '5O190127TN364715T', paypalCapture: '3C679366HH908993F', numericId: '12345678901234567' };
    expect(redact(fields)).toEqual(fields);
  });

  it('still hides a card number, written whole, in groups or glued to its expiry and security code', () => {
    for (const text of ['4111111111111111', '4111 1111 1111 1111', '378282246310005', '41111111111111111227', '41111111111111112', 'pan 4111111111111111122712 read']) {
      expect(String(redact({ detail: text }).detail)).not.toMatch(/411111|3782822/);
    }
  });
});

describe('redact, on the names of fields (D127-f)', () => {
  it('hides card data, secrets, IPs and 3-D Secure results by the words of the field name, however written', () => {
    const hidden = [
      'pan', 'PAN', 'cardPan', 'card_pan', 'pan-masked', 'PANLast4',
      'cardNumber', 'card_number', 'cardnumber', 'encryptedCardNumber', 'CARD_NUMBER',
      'cvc', 'cvv', 'cardCvv', 'securityCode', 'encryptedSecurityCode',
      'clientSecret', 'clientsecret', 'password', 'elementsToken', 'paymentToken', 'Authorization', 'set-cookie', 'hmacSignature', 'codeVerifier',
      'payerDevice', 'shopperIP', 'ipAddress', 'IPAddress', 'threeDSResult', 'redirectResult', 'paymentData', 'MD', 'PaRes', 'details',
      // Lowercase compounds and suffixes the redaction before D127-f hid and D127-f let through (D127-g).
      'encryptedcardnumber', 'cardpan', 'cvc2', 'cvv2', 'CVV2', 'pan2', 'paymentdata_raw', 'threedsresult_b64', 'redirectresult2', 'encryptedsecuritycode',
    ];
    const line = redact(Object.fromEntries(hidden.map((name) => [name, 'value'])));
    expect(Object.entries(line).filter(([, value]) => value !== '[redacted]').map(([name]) => name)).toEqual([]);
  });

  it('keeps fields whose names only contain those letters inside another word', () => {
    const kept = { company: 'Acme', spanId: 'a1b2', span_id: 'c3', expansion: 'x', panel: 'ops', japan: 'JP', pancake: 2, shipAddress: '1 rue de la Paix', shipaddress: '2 rue de la Paix', panels: 3 };
    expect(redact(kept)).toEqual(kept);
  });
});

describe('redact, on card numbers failing the checksum (a payer typo, D152-a)', () => {
  it.each([
    ['a Visa number in groups of four', 'payer typed 4111 1111 1111 1121 12/27', /4111|1121/],
    ['a Visa number unbroken', 'card 4111111111111121 refused', /4111111/],
    ['a Mastercard number with dashes', '5555-5555-5555-4445', /5555|4445/],
    ['a Mastercard 2-series number', 'card 2223 0000 4841 0011', /2223|0011/],
    ['an American Express number as printed (4-6-5) and unbroken', '3782 822463 10006 or 378282246310006', /3782|822463|10006/],
    ['a Diners Club number as printed (4-6-4)', '3056 930902 5905', /3056|930902/],
    ['a Discover number', 'card 6011111111111118', /6011/],
    ['a 19-digit number in groups', '6212 3456 7890 1234 567', /6212|567$/],
  ])('hides %s', (_what, text, shown) => {
    const line = String(redact({ detail: text }).detail);
    expect(line).toContain('[redacted-pan]');
    expect(line).not.toMatch(shown);
  });

  it('keeps what is written as no card is: timestamps, amounts, ids and PSP references, as fields and in a message', () => {
    const fields = {
      epochMs: '1764318000000',
      at: 1764318000000,
      dateTime: '20261125093000',
      dateTimeMs: '20261125093000123',
      // Date-times passing the checksum, as one in ten does: no card starts with 20.
      dateTimeLuhn: '20261125093009',
      dateTimeMsLuhn: '20261125093000005',
      amount: 123456789012,
      pspReference: '8535296382716013',
      otherPspReference: '7914073381342285',
      worldline: '3066019730_0',
      worldlinePayment: '00000200000143570012',
      numericId: '12345678901234567',
      nineteen: '4123456789012345678',
      thirteen: '4000000000001',
      detail: 'capture 7914073381342285 at 1764318000000 (20261125093017) for 4200 refused, order 41234567890123456',
    };
    expect(redact(fields)).toEqual(fields);
  });
});

describe('redact, on signing secrets, raw access tokens and dotted card numbers in a log line (D157)', () => {
  it('hides a webhook signing secret, a JWT and a card number written with dots inside a message', () => {
    const line = String(
      redact({ detail: 'secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw, token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln, card 4111.1111.1111.1111' }).detail,
    );
    expect(line).not.toMatch(/MfKQ9r8|eyJ|4111/);
    expect(line).toBe('secret [redacted-token], token [redacted-token], card [redacted-pan]');
  });

  it('keeps addresses and versions written with dots', () => {
    const fields = { detail: 'from 192.168.100.200 on 1.24.0, 1.234.567 EUR' };
    expect(redact(fields)).toEqual(fields);
  });
});

describe('redact, on cards parted by slashes or underscores or in other digits, IBANs and credential pairs in a log line (D158)', () => {
  it.each([
    ['card 4111/1111/1111/1111 refused', 'card [redacted-pan] refused'],
    ['card 4111_1111_1111_1111 refused', 'card [redacted-pan] refused'],
    ['card ４１１１１１１１１１１１１１１１ refused', 'card [redacted-pan] refused'],
    ['card ４１１１　１１１１　１１１１　１１１１ refused', 'card [redacted-pan] refused'],
    ['card 𝟒𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏𝟏 refused', 'card [redacted-pan] refused'],
    ['card 4111\u00a01111\u00a01111\u00a01111 refused', 'card [redacted-pan] refused'],
    ['mandate on FR76 3000 6000 0112 3456 7890 189 refused', 'mandate on [redacted-iban] refused'],
    ['mandate on DE89370400440532013000, retry', 'mandate on [redacted-iban], retry'],
    ['mandate on FR76-3000-6000-0112-3456-7890-189', 'mandate on [redacted-iban]'],
    ['connect failed password=hunter2 user=shop', 'connect failed password=[redacted] user=shop'],
    ['GET /v1?api_key=AQEyhmfxK4&page=2 401', 'GET /v1?api_key=[redacted]&page=2 401'],
    ['body {"client_secret":"demo-secret","grant_type":"client_credentials"}', 'body {"client_secret":"[redacted]","grant_type":"client_credentials"}'],
    ['X-API-Key: AQEyhmfxK4 refused', 'X-API-Key: [redacted] refused'],
    ['login user: password=hunter2', 'login user: password=[redacted]'],
    ['config Password = "hunter 2" read', 'config Password = "[redacted]" read'],
    ['connect mongodb://shop:s3cr3t@db:27017/splitpay failed', 'connect mongodb://shop:[redacted]@db:27017/splitpay failed'],
  ])('hides what %s carries', (text, hidden) => {
    expect(redact({ detail: text }).detail).toBe(hidden);
  });

  it('keeps ids, amounts in minor units, ISO dates and date-times, addresses, versions, PSP references, epoch ms and UUIDs readable', () => {
    const fields = {
      sessionId: '0190a5d2-7c3e-7b4a-9f1e-2c3d4e5f6a7b',
      numericUuid: '01234567-0123-4567-8901-234567890123',
      amount: 123456789012,
      amountText: '123456789012',
      date: '2026-11-27',
      dateTime: '2026-11-27T10:05:00.123Z',
      slashedDate: '2026/11/27',
      address: '192.168.100.200',
      version: '1.24.0',
      pspReference: '8535296382716013',
      alphaPspReference: 'QFQTPCQ8HXSKGK82',
      at: '1764318000000',
      worldline: '3066019730_0',
      counter: 'oauth:token:client',
      detail: 'capture 8535296382716013 at 1764318000000 of 600 for 0190a5d2-7c3e-7b4a-9f1e-2c3d4e5f6a7b on 2026-11-27T10:05:00Z from 10.0.12.34, token_type=Bearer, tokens=3, FR76 check, expiry 12/27',
    };
    expect(redact(fields)).toEqual(fields);
  });
});
