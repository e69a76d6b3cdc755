import nock from 'nock';
import { money } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { AdyenClient } from '../client/adyen.client';
import { API_KEY, cardInput, CLIENT_KEY, ENCRYPTED_CARD, followUpInput, MERCHANT_ACCOUNT, offer, openInput, SERVICE_BASE, SETTINGS, silentLogger, TEST_BASE } from '../testing/adyen-fixtures';
import { AdyenCardDriver } from './card.driver';

// Resends of an unanswered call wait for nothing here (card.driver.resend.test.ts counts them).
const driver = new AdyenCardDriver({ client: new AdyenClient({ timeoutMs: 2_000 }), logger: silentLogger, publicBaseUrl: SERVICE_BASE, pause: async () => undefined });

/** Intercepts one POST, pinning its headers, and keeps its body. */
function expectPost(path: string, idempotencyKey: string, status: number, answer: object, base = TEST_BASE): { body: () => Record<string, unknown>; scope: nock.Scope } {
  let seen: Record<string, unknown> = {};
  const scope = nock(base, { reqheaders: { 'x-api-key': API_KEY, 'idempotency-key': idempotencyKey, 'content-type': /application\/json/ } })
    .post(path, (body: Record<string, unknown>) => {
      seen = body;
      return true;
    })
    .reply(status, answer);
  return { body: () => seen, scope };
}

isolateNock();
afterEach(() => nock.cleanAll());

describe('Adyen card: POST /payments', () => {
  it('sends the encrypted card fields, our transaction id as reference and Idempotency-Key, our return door, 3-D Secure by redirect', async () => {
    const input = openInput('card');
    const post = expectPost('/v71/payments', input.transactionId, 200, { resultCode: 'Authorised', pspReference: 'PSP0001', additionalData: { paymentMethod: 'visa' } });
    const opened = await driver.open(input);
    expect(post.scope.isDone()).toBe(true);
    expect(post.body()).toEqual({
      amount: { value: 10_000, currency: 'EUR' },
      reference: input.transactionId,
      merchantOrderReference: input.reference,
      merchantAccount: MERCHANT_ACCOUNT,
      paymentMethod: { ...ENCRYPTED_CARD, holderName: 'Ada Payer' },
      returnUrl: input.returnUrl,
      channel: 'Web',
      shopperInteraction: 'Ecommerce',
      authenticationData: { threeDSRequestData: { nativeThreeDS: 'disabled' } },
      threeDS2RequestData: { threeDSRequestorChallengeInd: '03' },
      browserInfo: expect.objectContaining({ userAgent: 'Mozilla/5.0' }),
    });
    expect(opened).toEqual({
      ack: { outcome: 'accepted', httpStatus: 200, code: 'Authorised', providerRef: 'PSP0001' },
      facts: [{ kind: 'authorized', ref: { transactionId: input.transactionId, providerRef: 'PSP0001' }, providerRef: 'PSP0001', granted: money(10_000, 'EUR'), statusCode: 'Authorised', cardScheme: 'visa' }],
    });
  });

  it('asks for partial authorisation when the offer mandates it, and registers the card when the order asks for an alias', async () => {
    const input = openInput('card', {
      offer: offer('card', { partialAuth: true, createAlias: { mode: 'subscription', recurringFrequency: 30, recurringExpiry: '2030-01-01' } }),
      registerAlias: true,
      order: { orderId: 'order-42', customer: { email: 'ada@example.test' } },
    });
    const post = expectPost('/v71/payments', input.transactionId, 200, {
      resultCode: 'Authorised',
      pspReference: 'PSP0002',
      additionalData: { paymentMethod: 'mc', 'tokenization.storedPaymentMethodId': 'STORED-CARD-1' },
    });
    const opened = await driver.open(input);
    expect(post.body()).toMatchObject({
      additionalData: { allowPartialAuth: 'true' },
      storePaymentMethod: true,
      shopperReference: 'ada@example.test',
      recurringProcessingModel: 'Subscription',
      // The registration's terms, as 3-D Secure 2 reads them: the last day as YYYYMMDD, the days between payments.
      recurringExpiry: '20300101',
      recurringFrequency: '30',
      shopperEmail: 'ada@example.test',
    });
    expect(opened.facts[0]).toMatchObject({ kind: 'authorized', cardScheme: 'mastercard', cardAlias: 'STORED-CARD-1' });
  });

  it("sends what 3-D Secure 2 reads of the order: the billing and delivery addresses, the shopper's name and phone", async () => {
    const input = openInput('card', {
      order: {
        orderId: 'order-42',
        customer: { email: 'ada@example.test', firstName: 'Ada', lastName: 'Lovelace' },
        billing: { address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never, mobilePhone: '+33 6 12 34 56 78' },
        shipping: { firstName: 'Ada', lastName: 'Lovelace', address: 'Kurfürstendamm 21', postalCode: '10719', city: 'Berlin', country: 'DE' as never },
      },
    });
    const post = expectPost('/v71/payments', input.transactionId, 200, { resultCode: 'Authorised', pspReference: 'PSP0004' });
    await driver.open(input);
    expect(post.body()).toMatchObject({
      shopperEmail: 'ada@example.test',
      shopperName: { firstName: 'Ada', lastName: 'Lovelace' },
      telephoneNumber: '+33612345678',
      billingAddress: { street: '12 rue de la Paix', houseNumberOrName: 'N/A', postalCode: '75002', city: 'Paris', country: 'FR' },
      deliveryAddress: { street: 'Kurfürstendamm 21', houseNumberOrName: 'N/A', postalCode: '10719', city: 'Berlin', country: 'DE', firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  it("sends the IP of the payer whose request opens the payment as shopperIP, and none when the door knew none", async () => {
    const input = openInput('card', { payerDevice: { ip: '203.0.113.42' } });
    const post = expectPost('/v71/payments', input.transactionId, 200, { resultCode: 'Authorised', pspReference: 'PSP0006' });
    await driver.open(input);
    expect(post.body()).toMatchObject({ shopperIP: '203.0.113.42' });
    const none = openInput('card');
    const postNone = expectPost('/v71/payments', none.transactionId, 200, { resultCode: 'Authorised', pspReference: 'PSP0007' });
    await driver.open(none);
    expect(postNone.body()).not.toHaveProperty('shopperIP');
  });

  it('pays without an address Adyen would refuse (a US one, the order having no state) rather than failing the payment', async () => {
    const input = openInput('card', { order: { orderId: 'order-42', billing: { firstName: 'Ada', lastName: 'Lovelace', address: '350 Fifth Avenue', postalCode: '10118', city: 'New York', country: 'US' as never } } });
    const post = expectPost('/v71/payments', input.transactionId, 200, { resultCode: 'Authorised', pspReference: 'PSP0005' });
    expect((await driver.open(input)).ack.outcome).toBe('accepted');
    expect(post.body()).not.toHaveProperty('billingAddress');
    expect(post.body()).toMatchObject({ shopperName: { firstName: 'Ada', lastName: 'Lovelace' } });
  });

  it('calls the live endpoint of the company prefix in live', async () => {
    const input = openInput('card', { settings: { ...SETTINGS, environment: 'live', liveUrlPrefix: '1797a841fbb37ca7-AdyenDemo' } });
    const post = expectPost('/checkout/v71/payments', input.transactionId, 200, { resultCode: 'Received', pspReference: 'PSP0003' }, 'https://1797a841fbb37ca7-AdyenDemo-checkout-live.adyenpayments.com');
    expect((await driver.open(input)).ack.outcome).toBe('accepted');
    expect(post.scope.isDone()).toBe(true);
  });

  it('refuses input that is not Adyen Web encrypted fields, and a contract missing a setting, without calling Adyen', async () => {
    const noCard = await driver.open(openInput('card', { payerInput: { method: 'card', token: '{"paymentMethod":{"type":"scheme"}}' } }));
    expect(noCard).toEqual({ ack: { outcome: 'rejected', code: 'invalid-request', message: expect.any(String), category: 'invalid-card-data' }, facts: [] });
    const { apiKey: _gone, ...noKey } = SETTINGS;
    expect((await driver.open(openInput('card', { settings: noKey }))).ack).toEqual({ outcome: 'rejected', code: 'configuration', message: 'the contract setting apiKey is missing' });
    expect(JSON.stringify(await driver.open(openInput('card', { payerInput: cardInput({ ...ENCRYPTED_CARD, encryptedCardNumber: '' }) })))).not.toContain('test_4111');
  });
});

describe('Adyen card: every resultCode', () => {
  const answer = async (status: number, body: object) => {
    const input = openInput('card');
    expectPost('/v71/payments', input.transactionId, status, body);
    return { input, opened: await driver.open(input) };
  };

  it('PartiallyAuthorised: authorized for the granted amount', async () => {
    const { opened } = await answer(200, { resultCode: 'PartiallyAuthorised', pspReference: 'P1', additionalData: { authorisedAmountValue: '6000', authorisedAmountCurrency: 'EUR' }, amount: { value: 6000, currency: 'EUR' } });
    expect(opened.facts).toEqual([expect.objectContaining({ kind: 'authorized', granted: money(6_000, 'EUR'), statusCode: 'PartiallyAuthorised' })]);
  });

  it.each([
    ['2', 'Refused', 'bank-refusal'],
    ['5', 'Blocked Card', 'bank-refusal'],
    ['6', 'Expired Card', 'expired'],
    ['8', 'Invalid Card Number', 'invalid-card-data'],
    ['11', '3D Not Authenticated', 'authentication-failed'],
    ['12', 'Not enough balance', 'insufficient-funds'],
    ['24', 'CVC Declined', 'invalid-card-data'],
    ['28', 'Withdrawal amount exceeded', 'insufficient-funds'],
    ['38', 'Authentication required', 'authentication-failed'],
  ])('Refused, refusalReasonCode %s (%s): declined, %s', async (code, reason, category) => {
    const { input, opened } = await answer(200, { resultCode: 'Refused', pspReference: 'P2', refusalReason: reason, refusalReasonCode: code });
    expect(opened).toEqual({
      ack: { outcome: 'accepted', httpStatus: 200, code: 'Refused', message: reason, providerRef: 'P2' },
      facts: [{ kind: 'declined', ref: { transactionId: input.transactionId, providerRef: 'P2' }, providerRef: 'P2', category, statusCode: code, statusMessage: reason }],
    });
  });

  it('Refused for a technical or risk reason (acquirer error, fraud): declined without a category', async () => {
    for (const [code, reason] of [
      ['4', 'Acquirer Error'],
      ['20', 'FRAUD'],
    ]) {
      const { opened } = await answer(200, { resultCode: 'Refused', pspReference: 'P3', refusalReason: reason, refusalReasonCode: code });
      expect(opened.facts).toEqual([expect.not.objectContaining({ category: expect.anything() })]);
    }
  });

  it.each(['Pending', 'Received'])('%s: accepted, the verdict comes by webhook', async (resultCode) => {
    const { opened } = await answer(200, { resultCode, pspReference: 'P4' });
    expect(opened).toEqual({ ack: { outcome: 'accepted', httpStatus: 200, code: resultCode, providerRef: 'P4' }, facts: [] });
  });

  it.each(['RedirectShopper', 'ChallengeShopper', 'IdentifyShopper'])('%s with a GET action: our redirect to it, no verdict yet', async (resultCode) => {
    const url = 'https://checkoutshopper-test.adyen.com/checkoutshopper/threeDS/redirect?MD=M2RzZGF0YQ';
    const { opened } = await answer(200, { resultCode, pspReference: 'P5', action: { type: 'redirect', method: 'GET', url, paymentMethodType: 'scheme' } });
    expect(opened).toEqual({ ack: expect.objectContaining({ outcome: 'accepted', code: resultCode }), redirect: { kind: 'navigate', url }, facts: [] });
  });

  it('RedirectShopper with a POST action: a form to post, its data as fields', async () => {
    const { opened } = await answer(200, { resultCode: 'RedirectShopper', action: { type: 'redirect', method: 'POST', url: 'https://acs.example/challenge', data: { MD: 'md-1', PaReq: 'pareq-1', TermUrl: 'https://pay.example/back' } } });
    expect(opened.redirect).toEqual({ kind: 'form', url: 'https://acs.example/challenge', params: { MD: 'md-1', PaReq: 'pareq-1', TermUrl: 'https://pay.example/back' } });
  });

  it('an action without a URL that is no native 3-D Secure 2 action cannot be relayed: a rejected ack', async () => {
    const { opened } = await answer(200, { resultCode: 'IdentifyShopper', action: { type: 'sdk', paymentMethodType: 'scheme' } });
    expect(opened.ack).toMatchObject({ outcome: 'rejected', code: 'IdentifyShopper' });
  });

  it('Cancelled: the payer backed out', async () => {
    const { input, opened } = await answer(200, { resultCode: 'Cancelled', pspReference: 'P6' });
    expect(opened.facts).toEqual([{ kind: 'cancelled-by-payer', ref: { transactionId: input.transactionId, providerRef: 'P6' }, providerRef: 'P6', statusCode: 'Cancelled' }]);
  });

  it('Error: a rejected ack carrying the reason', async () => {
    const { opened } = await answer(200, { resultCode: 'Error', pspReference: 'P7', refusalReason: 'Acquirer Error' });
    expect(opened).toEqual({ ack: { outcome: 'rejected', httpStatus: 200, code: 'Error', message: 'Acquirer Error', providerRef: 'P7' }, facts: [] });
  });

  it('a validation error (422) is rejected with its errorCode; a 500 and a reset connection are unknown', async () => {
    const { opened: invalid } = await answer(422, { status: 422, errorCode: '14_030', message: 'Return URL is missing.', errorType: 'validation', pspReference: 'P8' });
    expect(invalid.ack).toEqual({ outcome: 'rejected', httpStatus: 422, code: '14_030', message: 'Return URL is missing.', providerRef: 'P8' });
    nock(TEST_BASE).post('/v71/payments').times(3).reply(500, { status: 500, errorCode: '905', message: 'Payment details are not supported', errorType: 'configuration' });
    const down = await driver.open(openInput('card'));
    expect(down.ack).toMatchObject({ outcome: 'unknown', httpStatus: 500 });
    const input = openInput('card');
    nock(TEST_BASE).post('/v71/payments').times(3).replyWithError('socket hang up');
    const reset = await driver.open(input);
    expect(reset).toEqual({ ack: { outcome: 'unknown', message: 'socket hang up' }, facts: [] });
  });
});

describe('Adyen card: the return door after 3-D Secure', () => {
  it('POST /payments/details with the redirectResult, keyed on the opening, and applies its resultCode', async () => {
    const input = openInput('card');
    const post = expectPost('/v71/payments/details', `${input.transactionId}.details`, 200, { resultCode: 'Authorised', pspReference: 'PSP3DS' });
    const returned = await driver.completeReturn({
      ...input,
      target: { transactionId: input.transactionId, providerRef: 'PSP3DS' },
      params: { redirectResult: 'X6XtfGC3!Y...', other: 'ignored' },
    });
    expect(post.body()).toEqual({ details: { redirectResult: 'X6XtfGC3!Y...' } });
    expect(returned.facts).toEqual([expect.objectContaining({ kind: 'authorized', ref: { transactionId: input.transactionId, providerRef: 'PSP3DS' }, granted: money(10_000, 'EUR') })]);
  });

  it('a return without a 3-D Secure result asks Adyen nothing', async () => {
    const input = openInput('card');
    const returned = await driver.completeReturn({ ...input, target: { transactionId: input.transactionId }, params: {} });
    expect(returned).toEqual({ ack: { outcome: 'rejected', code: 'invalid-request', message: 'the return carries no 3-D Secure result' }, facts: [] });
  });
});

describe('Adyen card: captures, cancels, refunds', () => {
  it.each([
    ['capture', 'captures', { amount: { value: 4_000, currency: 'EUR' } }],
    ['void', 'cancels', {}],
    ['refund', 'refunds', { amount: { value: 4_000, currency: 'EUR' } }],
  ] as const)('%s: POST /payments/{pspReference}/%s with Idempotency-Key = our transaction id; 201 received is an accepted ack', async (kind, path, amount) => {
    const follow = followUpInput(openInput('card'), 'PSPPAY1', 4_000);
    const post = expectPost(`/v71/payments/PSPPAY1/${path}`, follow.transactionId, 201, { merchantAccount: MERCHANT_ACCOUNT, paymentPspReference: 'PSPPAY1', pspReference: 'PSPMOD1', reference: follow.transactionId, status: 'received' });
    const sent = await driver[kind](follow);
    expect(post.body()).toEqual({ merchantAccount: MERCHANT_ACCOUNT, reference: follow.transactionId, ...amount });
    expect(sent).toEqual({ ack: { outcome: 'accepted', httpStatus: 201, code: 'received', providerRef: 'PSPMOD1' }, facts: [] });
  });

  it('a modification Adyen refuses as such (422) is a failed verdict; a 503 is unknown (retried with the same key)', async () => {
    const follow = followUpInput(openInput('card'), 'PSPPAY2', 20_000);
    expectPost('/v71/payments/PSPPAY2/refunds', follow.transactionId, 422, { status: 422, errorCode: '167', message: 'Original pspReference required for this operation', errorType: 'validation' });
    expect(await driver.refund(follow)).toEqual({
      ack: { outcome: 'rejected', httpStatus: 422, code: '167', message: 'Original pspReference required for this operation' },
      facts: [{ kind: 'refunded', success: false, ref: { transactionId: follow.transactionId }, statusCode: '167', statusMessage: 'Original pspReference required for this operation' }],
    });
    expectPost('/v71/payments/PSPPAY2/captures', follow.transactionId, 503, {});
    expect(await driver.capture(follow)).toEqual({ ack: { outcome: 'unknown', httpStatus: 503 }, facts: [] });
  });

  it("refunds a capture on its payment's pspReference (Adyen modifies payments, not captures)", async () => {
    const open = openInput('card');
    const follow = { ...followUpInput(open, 'PSPCAPTURE1', 4_000), opening: { transactionId: open.transactionId, providerRef: 'PSPPAY3' } };
    const post = expectPost('/v71/payments/PSPPAY3/refunds', follow.transactionId, 201, { pspReference: 'PSPREF3', status: 'received' });
    expect((await driver.refund(follow)).ack.outcome).toBe('accepted');
    expect(post.scope.isDone()).toBe(true);
  });

  it('keeps a transport failure to its first line, without the API key', async () => {
    const follow = followUpInput(openInput('card'), 'PSPPAY4', 4_000);
    nock(TEST_BASE).post('/v71/payments/PSPPAY4/captures').replyWithError(`proxy refused the request with X-API-Key ${API_KEY}\n{ "headers": "${API_KEY}" }`);
    const sent = await driver.capture(follow);
    expect(sent.ack).toEqual({ outcome: 'unknown', message: 'proxy refused the request with X-API-Key [redacted]' });
  });

  it('a payment without an Adyen reference cannot be modified: a failed verdict, no call', async () => {
    const follow = followUpInput(openInput('card'), undefined);
    expect((await driver.capture(follow)).facts).toEqual([expect.objectContaining({ kind: 'captured', success: false, statusCode: 'no-psp-reference' })]);
  });
});

describe('Adyen card: hosted fields and capabilities', () => {
  it("gives the card view Adyen Web's environment and public client key, and our adapter served by the service, never a secret", () => {
    const fields = driver.hostedFields(SETTINGS);
    expect(fields).toEqual({ keyId: 'adyen-web-test', key: CLIENT_KEY, sdkUrl: 'https://pay.splitpay.test/psp/adyen/hosted-fields.js' });
    expect(JSON.stringify(fields)).not.toContain(SETTINGS.apiKey);
    expect(JSON.stringify(fields)).not.toContain(SETTINGS.hmacKey);
  });

  it('names the live environment in keyId, and reads the base URL when asked (known once the service listens), without a trailing slash', () => {
    let base = 'http://127.0.0.1:1/';
    const late = new AdyenCardDriver({ client: new AdyenClient({ timeoutMs: 2_000 }), logger: silentLogger, publicBaseUrl: () => base });
    base = 'https://pay.example.com/';
    expect(late.hostedFields({ ...SETTINGS, environment: 'live', liveUrlPrefix: '1797a841fbb37ca7-AdyenDemo', clientKey: 'live_ABCDEF' })).toEqual({
      keyId: 'adyen-web-live',
      key: 'live_ABCDEF',
      sdkUrl: 'https://pay.example.com/psp/adyen/hosted-fields.js',
    });
  });

  it("asks the adapter for Adyen Web's analytics in its URL only when the service turned them on", () => {
    const withAnalytics = new AdyenCardDriver({ client: new AdyenClient({ timeoutMs: 2_000 }), logger: silentLogger, publicBaseUrl: 'https://pay.example.com', webAnalytics: true });
    expect(withAnalytics.hostedFields(SETTINGS)?.sdkUrl).toBe('https://pay.example.com/psp/adyen/hosted-fields.js?analytics=on');
  });

  it('gives no hosted fields for a contract lacking a setting', () => {
    expect(driver.hostedFields({ ...SETTINGS, clientKey: undefined })).toBeUndefined();
  });

  it('declares no status lookup (the Checkout API has none) and has none', () => {
    expect(driver.capabilities.statusLookup).toBe(false);
    expect((driver as { lookup?: unknown }).lookup).toBeUndefined();
  });

  it('declares no follow-up lookup and has none: a capture, cancel or refund is `received`, its verdict is the webhook (D94-a)', () => {
    expect(driver.capabilities.followUpLookup).toBe(false);
    expect((driver as { lookupFollowUp?: unknown }).lookupFollowUp).toBeUndefined();
  });
});

describe("Adyen card: amounts in Adyen's decimals where they depart from ISO 4217", () => {
  it('sends ISK 1000 (no decimals in ISO 4217) as 100000, reads its authorised amount back, and captures it the same way', async () => {
    const input = { ...openInput('card'), amount: money(1_000, 'ISK') };
    const post = expectPost('/v71/payments', input.transactionId, 200, { resultCode: 'Authorised', pspReference: 'PSPISK', amount: { value: 100_000, currency: 'ISK' }, additionalData: { paymentMethod: 'visa' } });
    const opened = await driver.open(input);
    expect(post.body().amount).toEqual({ value: 100_000, currency: 'ISK' });
    expect(opened.facts).toEqual([expect.objectContaining({ kind: 'authorized', granted: money(1_000, 'ISK') })]);

    const follow = { ...followUpInput(input, 'PSPISK', 1_000), amount: money(1_000, 'ISK') };
    const capture = expectPost('/v71/payments/PSPISK/captures', follow.transactionId, 201, { pspReference: 'PSPCAP', status: 'received' });
    await driver.capture(follow);
    expect(capture.body().amount).toEqual({ value: 100_000, currency: 'ISK' });
  });

  describe('a grant Adyen writes in cents of a peso (CLP: two decimals at Adyen, none in ISO 4217) is never read as more than it is', () => {
    const answerClp = async (body: object) => {
      const input = { ...openInput('card'), amount: money(10_000, 'CLP') };
      expectPost('/v71/payments', input.transactionId, 200, body);
      return driver.open(input);
    };
    const clp = (value: number | string) => ({ authorisedAmountValue: String(value), authorisedAmountCurrency: 'CLP' });

    it('PartiallyAuthorised for 5000.50 pesos with an amount of 5000: granted the 5000 the answer gives, not the 10000 asked', async () => {
      const opened = await answerClp({ resultCode: 'PartiallyAuthorised', pspReference: 'P1', amount: { value: 500_000, currency: 'CLP' }, additionalData: clp(500_050) });
      expect(opened.facts).toEqual([expect.objectContaining({ kind: 'authorized', granted: money(5_000, 'CLP') })]);
    });

    it('PartiallyAuthorised for 5000.50 pesos with no amount ISO can hold at or below it: no verdict (left to the webhook), never the amount asked', async () => {
      for (const amount of [undefined, { value: 500_050, currency: 'CLP' }, { value: 1_000_000, currency: 'CLP' }]) {
        const opened = await answerClp({ resultCode: 'PartiallyAuthorised', pspReference: 'P1', ...(amount ? { amount } : {}), additionalData: clp(500_050) });
        expect(opened).toEqual({ ack: expect.objectContaining({ outcome: 'accepted', code: 'PartiallyAuthorised', providerRef: 'P1', message: expect.stringContaining('cannot be read') }), facts: [] });
      }
    });

    it('PartiallyAuthorised stating no amount at all: no verdict, never the amount asked', async () => {
      const opened = await answerClp({ resultCode: 'PartiallyAuthorised', pspReference: 'P1' });
      expect(opened.facts).toEqual([]);
    });

    it('Authorised stating a lower authorised amount: granted that amount, not the amount asked', async () => {
      const opened = await answerClp({ resultCode: 'Authorised', pspReference: 'P1', amount: { value: 500_000, currency: 'CLP' }, additionalData: clp(500_050) });
      expect(opened.facts).toEqual([expect.objectContaining({ kind: 'authorized', granted: money(5_000, 'CLP') })]);
      const whole = await answerClp({ resultCode: 'Authorised', pspReference: 'P2', additionalData: clp(1_000_000) });
      expect(whole.facts).toEqual([expect.objectContaining({ kind: 'authorized', granted: money(10_000, 'CLP') })]);
    });
  });

  it.each([
    ['PartiallyAuthorised stating an authorised amount in USD', { resultCode: 'PartiallyAuthorised', pspReference: 'P1', additionalData: { authorisedAmountValue: '6000', authorisedAmountCurrency: 'USD' } }, money(6_000, 'USD')],
    ['Authorised stating an authorised amount in USD', { resultCode: 'Authorised', pspReference: 'P1', additionalData: { authorisedAmountValue: '10000', authorisedAmountCurrency: 'USD' } }, money(10_000, 'USD')],
    ['PartiallyAuthorised whose only amount is in USD', { resultCode: 'PartiallyAuthorised', pspReference: 'P1', amount: { value: 6000, currency: 'USD' } }, money(6_000, 'USD')],
  ])('%s for a EUR payment: the grant passed on in the currency Adyen states, for the service to refuse (D132, D152-d)', async (_what, body, granted) => {
    const input = openInput('card');
    expectPost('/v71/payments', input.transactionId, 200, body);
    expect(await driver.open(input)).toEqual({ ack: expect.objectContaining({ outcome: 'accepted', providerRef: 'P1' }), facts: [expect.objectContaining({ kind: 'authorized', granted })] });
  });

  it('sends IDR 2500.00 as 2500; a fraction of a rupiah is refused before any call', async () => {
    const input = { ...openInput('card'), amount: money(250_000, 'IDR') };
    const post = expectPost('/v71/payments', input.transactionId, 200, { resultCode: 'Authorised', pspReference: 'PSPIDR', additionalData: { paymentMethod: 'visa' } });
    await driver.open(input);
    expect(post.body().amount).toEqual({ value: 2_500, currency: 'IDR' });

    const fraction = await driver.open({ ...openInput('card'), amount: money(250_050, 'IDR') });
    expect(fraction).toEqual({ ack: { outcome: 'rejected', code: 'UNSUPPORTED_AMOUNT', message: 'Adyen takes no fraction of a unit in IDR', category: 'method-unavailable' }, facts: [] });
  });
});
