import nock from 'nock';
import { money, offerCapabilities } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { AdyenClient } from '../client/adyen.client';
import { API_KEY, APPLE_PAY_DATA, openInput, paymentsBodyBase, SERVICE_BASE, SETTINGS, silentLogger, TEST_BASE } from '../testing/adyen-fixtures';
import { AdyenApplePayDriver } from './applepay.driver';
import { AdyenCardDriver } from './card.driver';

const driver = new AdyenApplePayDriver({ client: new AdyenClient({ timeoutMs: 2_000 }), logger: silentLogger });

isolateNock();
afterEach(() => nock.cleanAll());

describe('Adyen Apple Pay', () => {
  it('opens nothing at Adyen: the sheet has not handed its token yet', async () => {
    expect(await driver.open(openInput('applepay'))).toEqual({ ack: { outcome: 'accepted' }, facts: [] });
  });

  it("is an in-page wallet whose merchant is validated through the service: its offer snapshots merchantValidation (the view's 'service')", () => {
    expect(offerCapabilities(driver, SETTINGS)).toEqual({ ...driver.capabilities, merchantValidation: true });
  });

  it("validates the merchant through /applePay/sessions and hands the sheet Adyen's decoded session", async () => {
    const merchantSession = { epochTimestamp: 1700000000000, expiresAt: 1700000300000, merchantSessionIdentifier: 'SSH-1', nonce: 'n1', merchantIdentifier: 'ABC', domainName: 'shop.example', displayName: 'Splitpay Shop', signature: 'sig' };
    let body: unknown;
    nock(TEST_BASE, { reqheaders: { 'x-api-key': API_KEY, 'idempotency-key': /^[0-9a-f-]{36}\.aps\.[0-9a-z]+$/ } })
      .post('/v71/applePay/sessions', (b: unknown) => ((body = b), true))
      .reply(200, { data: Buffer.from(JSON.stringify(merchantSession)).toString('base64') });
    const input = openInput('applepay');
    const session = await driver.walletSession({ ...input, domainName: 'shop.example' });
    expect(body).toEqual({ displayName: 'Splitpay Shop', domainName: 'shop.example', merchantIdentifier: 'merchant.com.splitpay.shop' });
    expect(session).toEqual({ ack: { outcome: 'accepted', httpStatus: 200 }, walletSession: merchantSession });
  });

  it('a merchant validation Adyen refuses gives no session', async () => {
    nock(TEST_BASE).post('/v71/applePay/sessions').reply(403, { status: 403, errorCode: '901', message: 'Invalid Merchant Account', errorType: 'security' });
    const session = await driver.walletSession({ ...openInput('applepay'), domainName: 'shop.example' });
    expect(session).toEqual({ ack: { outcome: 'rejected', httpStatus: 403, code: '901', message: 'Invalid Merchant Account' } });
  });

  it('confirm pays the token: POST /payments with applepay and the base64 of paymentData, keyed on our transaction id', async () => {
    const input = openInput('applepay');
    let body: Record<string, unknown> = {};
    nock(TEST_BASE, { reqheaders: { 'x-api-key': API_KEY, 'idempotency-key': input.transactionId } })
      .post('/v71/payments', (b: Record<string, unknown>) => ((body = b), true))
      .reply(200, { resultCode: 'Authorised', pspReference: 'PSPAP1', additionalData: { paymentMethod: 'visa_applepay' } });
    const confirmed = await driver.confirm({ ...input, payerInput: { method: 'applepay', paymentToken: APPLE_PAY_DATA }, returnUrl: input.returnUrl });
    expect(body).toEqual({
      ...paymentsBodyBase(input),
      paymentMethod: { type: 'applepay', applePayToken: Buffer.from(APPLE_PAY_DATA).toString('base64') },
    });
    expect(confirmed).toEqual({
      ack: { outcome: 'accepted', httpStatus: 200, code: 'Authorised', providerRef: 'PSPAP1' },
      facts: [expect.objectContaining({ kind: 'authorized', granted: money(10_000, 'EUR'), cardScheme: 'visa' })],
    });
  });

  describe('a confirm Adyen does not answer is sent again, with the same Idempotency-Key, while the token is in memory', () => {
    const pauses: number[] = [];
    const retrying = new AdyenApplePayDriver({ client: new AdyenClient({ timeoutMs: 10_000 }), logger: silentLogger, pause: async (ms) => void pauses.push(ms) });
    const confirmInput = () => {
      const input = openInput('applepay');
      return { input, confirm: { ...input, payerInput: { method: 'applepay' as const, paymentToken: APPLE_PAY_DATA } } };
    };
    beforeEach(() => pauses.splice(0));

    it('a 5xx, then no answer at all, then the answer: three sends of one key, the answer recorded', async () => {
      const { input, confirm } = confirmInput();
      const keys: unknown[] = [];
      const scope = nock(TEST_BASE)
        .post('/v71/payments').reply(function () { keys.push(this.req.headers['idempotency-key']); return [503, { status: 503, errorCode: '000', message: 'busy', errorType: 'internal' }]; })
        .post('/v71/payments').replyWithError('socket hang up')
        .post('/v71/payments').reply(function () { keys.push(this.req.headers['idempotency-key']); return [200, { resultCode: 'Authorised', pspReference: 'PSPAP9' }]; });
      const confirmed = await retrying.confirm(confirm);
      expect(scope.isDone()).toBe(true);
      expect(keys).toEqual([input.transactionId, input.transactionId]);
      expect(pauses).toEqual([250, 1_000]);
      expect(confirmed.ack).toMatchObject({ outcome: 'accepted', providerRef: 'PSPAP9' });
    });

    it('still unanswered after three sends: the outcome stays unknown, and nothing more is sent', async () => {
      const { confirm } = confirmInput();
      let sends = 0;
      nock(TEST_BASE).post('/v71/payments').times(5).reply(() => ((sends += 1), [500, { status: 500, errorCode: '000', message: 'boom', errorType: 'internal' }]));
      const confirmed = await retrying.confirm(confirm);
      expect(sends).toBe(3);
      expect(confirmed).toEqual({ ack: expect.objectContaining({ outcome: 'unknown', httpStatus: 500 }), facts: [] });
    });

    it('no resend the deadline leaves no room for (a pause and a second to answer)', async () => {
      const { confirm } = confirmInput();
      const short = new AdyenApplePayDriver({ client: new AdyenClient({ timeoutMs: 1_200 }), logger: silentLogger, pause: async (ms) => void pauses.push(ms) });
      let sends = 0;
      nock(TEST_BASE).post('/v71/payments').times(3).reply(() => ((sends += 1), [502, { status: 502, errorCode: '000', message: 'gateway', errorType: 'internal' }]));
      expect((await short.confirm(confirm)).ack.outcome).toBe('unknown');
      expect([sends, pauses]).toEqual([1, []]);
    });

    it('a refusal is an answer: sent once', async () => {
      const { confirm } = confirmInput();
      let sends = 0;
      nock(TEST_BASE).post('/v71/payments').times(3).reply(() => ((sends += 1), [422, { status: 422, errorCode: '5_002', message: 'Invalid Apple Pay token', errorType: 'validation' }]));
      const confirmed = await retrying.confirm(confirm);
      expect(sends).toBe(1);
      expect(confirmed.ack.outcome).toBe('rejected');
    });
  });

  it("confirm sends the order's data and the payer's IP as the card payment does: shopper email and IP, name, phone, addresses, account info, shopper statement", async () => {
    const order = {
      orderId: 'order-42',
      customer: { email: 'ada@example.test', activity: { transactionsLast24h: 1, transactionsLast12Months: 14 } },
      billing: { firstName: 'Bill', lastName: 'Payer', address: '12 rue de la Paix', postalCode: '75002', city: 'Paris', country: 'FR' as never, phone: '+33 1 23 45 67 89' },
      shipping: { address: 'Kurfürstendamm 21', postalCode: '10719', city: 'Berlin', country: 'DE' as never },
      statementDescriptor: 'Café Lumière',
    };
    const input = openInput('applepay', { order });
    let body: Record<string, unknown> = {};
    nock(TEST_BASE).post('/v71/payments', (b: Record<string, unknown>) => ((body = b), true)).reply(200, { resultCode: 'Authorised', pspReference: 'PSPAP4' });
    await driver.confirm({ ...input, payerInput: { method: 'applepay', paymentToken: APPLE_PAY_DATA }, payerDevice: { ip: '203.0.113.42' } });
    const orderData = {
      shopperEmail: 'ada@example.test',
      shopperIP: '203.0.113.42',
      shopperName: { firstName: 'Bill', lastName: 'Payer' },
      telephoneNumber: '+33123456789',
      billingAddress: { street: '12 rue de la Paix', houseNumberOrName: 'N/A', postalCode: '75002', city: 'Paris', country: 'FR' },
      deliveryAddress: { street: 'Kurfürstendamm 21', houseNumberOrName: 'N/A', postalCode: '10719', city: 'Berlin', country: 'DE' },
      accountInfo: { pastTransactionsDay: 1, pastTransactionsYear: 14 },
      shopperStatement: 'Cafe Lumiere',
    };
    expect(body).toEqual({ ...paymentsBodyBase(input), paymentMethod: { type: 'applepay', applePayToken: Buffer.from(APPLE_PAY_DATA).toString('base64') }, ...orderData });

    let cardBody: Record<string, unknown> = {};
    nock(TEST_BASE).post('/v71/payments', (b: Record<string, unknown>) => ((cardBody = b), true)).reply(200, { resultCode: 'Authorised', pspReference: 'PSPCARD4' });
    await new AdyenCardDriver({ client: new AdyenClient({ timeoutMs: 2_000 }), logger: silentLogger, publicBaseUrl: SERVICE_BASE }).open(openInput('card', { order, payerDevice: { ip: '203.0.113.42' } }));
    expect(cardBody).toMatchObject(orderData);
  });

  it("the sheet's whole token as JSON text (what the components send) goes as the base64 of its paymentData alone", async () => {
    const input = openInput('applepay');
    let body: Record<string, unknown> = {};
    nock(TEST_BASE).post('/v71/payments', (b: Record<string, unknown>) => ((body = b), true)).reply(200, { resultCode: 'Authorised', pspReference: 'PSPAP3' });
    const sheetToken = JSON.stringify({ paymentData: JSON.parse(APPLE_PAY_DATA), paymentMethod: { displayName: 'Visa 0224', network: 'Visa', type: 'debit' }, transactionIdentifier: 'ABC123' });
    await driver.confirm({ ...input, payerInput: { method: 'applepay', paymentToken: sheetToken } });
    expect((body.paymentMethod as Record<string, unknown>).applePayToken).toBe(Buffer.from(APPLE_PAY_DATA).toString('base64'));
  });

  it('a token already in base64 goes as is; a missing token is refused without calling Adyen', async () => {
    const input = openInput('applepay');
    let body: Record<string, unknown> = {};
    nock(TEST_BASE).post('/v71/payments', (b: Record<string, unknown>) => ((body = b), true)).reply(200, { resultCode: 'Refused', refusalReasonCode: '12', refusalReason: 'Not enough balance', pspReference: 'PSPAP2' });
    const refused = await driver.confirm({ ...input, payerInput: { method: 'applepay', paymentToken: 'eyJ2ZXJzaW9uIjoiRUNfdjEifQ==' } });
    expect((body.paymentMethod as Record<string, unknown>).applePayToken).toBe('eyJ2ZXJzaW9uIjoiRUNfdjEifQ==');
    expect(refused.facts).toEqual([expect.objectContaining({ kind: 'declined', category: 'insufficient-funds' })]);
    expect((await driver.confirm({ ...input, payerInput: { method: 'applepay' } })).ack).toMatchObject({ outcome: 'rejected', code: 'invalid-request' });
  });

  it('requires the Apple Pay settings of its contract', async () => {
    const { merchantIdentifier: _gone, ...rest } = SETTINGS;
    const session = await driver.walletSession({ ...openInput('applepay', { settings: rest }), domainName: 'shop.example' });
    expect(session.ack).toMatchObject({ outcome: 'rejected', code: 'configuration' });
  });
});
