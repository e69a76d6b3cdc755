import nock from 'nock';
import { money } from '@splitpay/domain';
import { createPayPalProvider } from '../provider/paypal.provider';
import { SANDBOX, TestClock, openInput, paypalError, tokenEndpoint, silentLogger } from '../testing/paypal.fixtures';
import { isolateNock } from '@splitpay/psp-testkit';

isolateNock();

describe('PayPal driver: open creates an AUTHORIZE order and sends the payer to PayPal', () => {
  afterEach(() => nock.cleanAll());
  const driverOf = () => createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 }).drivers[0]!;

  it('pins the create-order request: bearer token, PayPal-Request-Id = our transaction id, Prefer, the body with our return and cancel URLs', async () => {
    const driver = driverOf();
    const input = openInput({ order: { orderId: 'ORDER-42', statementDescriptor: 'SPLITPAY SHOP PARIS - ORDER 42' } });
    tokenEndpoint('A21AA-token-1');
    const scope = nock(SANDBOX)
      .post('/v2/checkout/orders', {
        intent: 'AUTHORIZE',
        purchase_units: [{ reference_id: input.reference, custom_id: input.transactionId, invoice_id: input.reference, amount: { currency_code: 'EUR', value: '123.45' }, soft_descriptor: 'SPLITPAY SHOP PARIS - ' }],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.returnUrl,
              cancel_url: `${input.returnUrl}?paypal=cancel`,
              user_action: 'CONTINUE',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      })
      .matchHeader('authorization', 'Bearer A21AA-token-1')
      .matchHeader('paypal-request-id', input.transactionId)
      .matchHeader('prefer', 'return=minimal')
      .matchHeader('content-type', 'application/json')
      .reply(201, {
        id: '5O190127TN364715T',
        status: 'PAYER_ACTION_REQUIRED',
        links: [
          { href: `${SANDBOX}/v2/checkout/orders/5O190127TN364715T`, rel: 'self', method: 'GET' },
          { href: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T', rel: 'payer-action', method: 'GET' },
        ],
      });
    const opened = await driver.open(input);
    expect(scope.isDone()).toBe(true);
    expect(opened).toEqual({
      ack: { outcome: 'accepted', httpStatus: 201, code: 'PAYER_ACTION_REQUIRED', providerRef: '5O190127TN364715T' },
      redirect: { kind: 'navigate', url: 'https://www.sandbox.paypal.com/checkoutnow?token=5O190127TN364715T' },
      facts: [],
    });
  });

  it('takes the older `approve` link when PayPal answers CREATED', async () => {
    tokenEndpoint('tok');
    nock(SANDBOX)
      .post('/v2/checkout/orders')
      .reply(200, { id: 'ORD-OLD', status: 'CREATED', links: [{ href: 'https://www.sandbox.paypal.com/checkoutnow?token=ORD-OLD', rel: 'approve', method: 'GET' }] });
    const opened = await driverOf().open(openInput());
    expect(opened.redirect).toEqual({ kind: 'navigate', url: 'https://www.sandbox.paypal.com/checkoutnow?token=ORD-OLD' });
    expect(opened.ack.providerRef).toBe('ORD-OLD');
  });

  it('writes amounts in PayPal decimals: zero-decimal yen, whole Taiwan dollars; a fraction of a Taiwan dollar is refused before any call', async () => {
    tokenEndpoint('tok');
    const yen = nock(SANDBOX)
      .post('/v2/checkout/orders', (body: { purchase_units: { amount: unknown }[] }) => JSON.stringify(body.purchase_units[0]!.amount) === '{"currency_code":"JPY","value":"5000"}')
      .reply(201, { id: 'ORD-JPY', status: 'PAYER_ACTION_REQUIRED', links: [{ href: 'https://www.sandbox.paypal.com/checkoutnow?token=ORD-JPY', rel: 'payer-action' }] });
    const driver = driverOf();
    expect((await driver.open(openInput({ amount: money(5000, 'JPY') }))).ack.outcome).toBe('accepted');
    expect(yen.isDone()).toBe(true);
    const cents = await driver.open(openInput({ amount: money(12_345, 'TWD') }));
    expect(cents.ack).toMatchObject({ outcome: 'rejected', code: 'UNSUPPORTED_AMOUNT', category: 'method-unavailable' });
  });

  it('sends forints by ISO 4217 (two decimals) in whole units: 10000 minor units are "100"; 100.50 HUF is refused before any call', async () => {
    tokenEndpoint('tok');
    const forints = nock(SANDBOX)
      .post('/v2/checkout/orders', (body: { purchase_units: { amount: unknown }[] }) => JSON.stringify(body.purchase_units[0]!.amount) === '{"currency_code":"HUF","value":"100"}')
      .reply(201, { id: 'ORD-HUF', status: 'PAYER_ACTION_REQUIRED', links: [{ href: 'https://www.sandbox.paypal.com/checkoutnow?token=ORD-HUF', rel: 'payer-action' }] });
    const driver = driverOf();
    expect((await driver.open(openInput({ amount: money(10_000, 'HUF') }))).ack.outcome).toBe('accepted');
    expect(forints.isDone()).toBe(true);
    const fillers = await driver.open(openInput({ amount: money(10_050, 'HUF') }));
    expect(fillers.ack).toMatchObject({ outcome: 'rejected', code: 'UNSUPPORTED_AMOUNT', category: 'method-unavailable' });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it("an order PayPal creates without a link for the payer is refused: nobody could ever approve it", async () => {
    tokenEndpoint('tok');
    nock(SANDBOX).post('/v2/checkout/orders').reply(201, { id: 'ORD-NOLINK', status: 'PAYER_ACTION_REQUIRED', links: [] });
    const opened = await driverOf().open(openInput());
    expect(opened.ack).toMatchObject({ outcome: 'rejected', code: 'NO_APPROVAL_LINK', category: 'method-unavailable', providerRef: 'ORD-NOLINK' });
    expect(opened.redirect).toBeUndefined();
  });

  it.each([
    [422, paypalError('UNPROCESSABLE_ENTITY', 'PAYER_ACCOUNT_RESTRICTED'), { outcome: 'rejected', code: 'PAYER_ACCOUNT_RESTRICTED', category: 'method-unavailable' }],
    [422, paypalError('UNPROCESSABLE_ENTITY', 'TRANSACTION_REFUSED'), { outcome: 'rejected', code: 'TRANSACTION_REFUSED', category: 'bank-refusal' }],
    [422, paypalError('UNPROCESSABLE_ENTITY', 'COMPLIANCE_VIOLATION'), { outcome: 'rejected', code: 'COMPLIANCE_VIOLATION' }],
    [400, paypalError('INVALID_REQUEST', 'INVALID_PARAMETER_VALUE'), { outcome: 'rejected', code: 'INVALID_PARAMETER_VALUE', httpStatus: 400 }],
    [500, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', debug_id: 'dbg500' }, { outcome: 'unknown', code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 }],
  ])('an error answer %i %j is read by its name and details[].issue', async (status, body, expected) => {
    tokenEndpoint('tok');
    nock(SANDBOX).post('/v2/checkout/orders').reply(status, body);
    const opened = await driverOf().open(openInput());
    expect(opened.ack).toMatchObject(expected);
    expect(opened.ack.message).toContain('debug_id');
    if (!('category' in expected)) expect(opened.ack.category).toBeUndefined();
    expect(opened.facts).toEqual([]);
  });

  it('no answer at all is an unknown ack (the verdict is looked up later), without the token in it', async () => {
    tokenEndpoint('secret-bearer-token');
    nock(SANDBOX).post('/v2/checkout/orders').replyWithError('socket hang up');
    const opened = await driverOf().open(openInput());
    expect(opened.ack).toEqual({ outcome: 'unknown', message: 'socket hang up' });
    expect(JSON.stringify(opened)).not.toContain('secret-bearer-token');
  });

  it('credentials PayPal refuses make the opening refused (method unavailable), never quoting the secret', async () => {
    nock(SANDBOX).post('/v1/oauth2/token').reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    const opened = await driverOf().open(openInput());
    expect(opened.ack).toMatchObject({ outcome: 'rejected', code: 'AUTHENTICATION_FAILURE', httpStatus: 401, category: 'method-unavailable' });
    expect(JSON.stringify(opened)).not.toContain('ELclient-secret');
  });

  it('a contract missing its settings is refused without calling PayPal, naming the setting and not the values', async () => {
    const opened = await driverOf().open(openInput({ settings: { clientId: 'x', environment: 'sandbox' } }));
    expect(opened.ack).toMatchObject({ outcome: 'rejected', code: 'CONTRACT_SETTINGS', category: 'method-unavailable' });
    expect(opened.ack.message).toContain('clientSecret is missing');
  });
});
