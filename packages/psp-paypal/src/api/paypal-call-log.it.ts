import nock from 'nock';
import { money } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { createPayPalProvider } from '../provider/paypal.provider';
import { CLIENT_SECRET, RecordingLogger, SANDBOX, SETTINGS, TestClock, followUpInput, lookupInput, openInput, paypalError, tokenEndpoint } from '../testing/paypal.fixtures';

isolateNock();

const ORDER = '9XY12345CD678901E';
const opening = { transactionId: '0195f2a4-4444-7000-8000-00000000000e', providerRef: ORDER };

function setUp() {
  const logger = new RecordingLogger();
  const driver = createPayPalProvider({ clock: new TestClock(), logger, timeoutMs: 2000 }).drivers[0]!;
  return { logger, driver };
}

/** Nothing a line carries may repeat a token, the contract's secret, its Basic credentials or a body. */
function expectNothingSecret(logger: RecordingLogger, ...secrets: string[]): void {
  const written = JSON.stringify(logger.lines);
  const basic = Buffer.from(`${SETTINGS.clientId}:${CLIENT_SECRET}`).toString('base64');
  for (const secret of [CLIENT_SECRET, basic, ...secrets]) expect(written).not.toContain(secret);
  expect(written).not.toMatch(/bearer|description|debug_id|f5e2ab4c1d/i);
}

describe("PayPal's calls without a usable answer are logged as the other drivers' are (method, path, cause or status and errorCode)", () => {
  afterEach(() => nock.cleanAll());

  it('a refusal (HTTP 4xx): paypal.call_refused with the path shape, the status and the issue', async () => {
    const { logger, driver } = setUp();
    tokenEndpoint('A21AA-refused');
    nock(SANDBOX).post('/v2/payments/captures/2GG279541U471931P/refund').reply(422, paypalError('UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'Already refunded for card 4111111111111111.'));
    await driver.refund(followUpInput({ transactionId: 'cap', providerRef: '2GG279541U471931P' }, money(500, 'EUR')));
    expect(logger.lines).toEqual([
      { level: 'warn', event: 'paypal.call_refused', fields: { method: 'paypal', path: '/v2/payments/captures/{captureId}/refund', status: 422, errorCode: 'CAPTURE_FULLY_REFUNDED' } },
    ]);
    expectNothingSecret(logger, 'A21AA-refused', '2GG279541U471931P', '4111111111111111');
  });

  it('no answer: paypal.call_failed with the path shape and the cause, the request it quotes never', async () => {
    const { logger, driver } = setUp();
    tokenEndpoint('A21AA-quoted');
    // No interceptor for the order: nock's failure message quotes the request, Authorization header included.
    nock(SANDBOX).get('/elsewhere').reply(200, {});
    await driver.lookup!(lookupInput(opening));
    expect(logger.lines).toEqual([
      { level: 'warn', event: 'paypal.call_failed', fields: { method: 'paypal', path: '/v2/checkout/orders/{orderId}', cause: expect.stringMatching(/^ERR_NOCK_NO_MATCH: /) } },
    ]);
    expectNothingSecret(logger, 'A21AA-quoted', ORDER);
  });

  it('a 401 mended by a fresh token writes nothing; a second 401 is one refusal', async () => {
    const { logger, driver } = setUp();
    tokenEndpoint('t1');
    tokenEndpoint('t2');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).matchHeader('authorization', 'Bearer t1').reply(401, { name: 'AUTHENTICATION_FAILURE' });
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).matchHeader('authorization', 'Bearer t2').reply(200, { id: ORDER, status: 'CREATED' });
    await driver.lookup!(lookupInput(opening));
    expect(logger.lines).toEqual([]);
    tokenEndpoint('t3');
    nock(SANDBOX).post('/v2/checkout/orders').times(2).reply(401, { name: 'AUTHENTICATION_FAILURE' });
    await driver.open(openInput());
    expect(logger.lines).toEqual([
      { level: 'warn', event: 'paypal.call_refused', fields: { method: 'paypal', path: '/v2/checkout/orders', status: 401, errorCode: 'AUTHENTICATION_FAILURE' } },
    ]);
  });

  it("the OAuth token call: its refusal is logged with OAuth's error code, once for calls sharing the fetch", async () => {
    const { logger, driver } = setUp();
    nock(SANDBOX).post('/v1/oauth2/token').reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    await Promise.all([driver.lookup!(lookupInput(opening)), driver.lookup!(lookupInput(opening))]);
    expect(logger.lines).toEqual([{ level: 'warn', event: 'paypal.call_refused', fields: { method: 'paypal', path: '/v1/oauth2/token', status: 401, errorCode: 'invalid_client' } }]);
    expectNothingSecret(logger);
  });

  it('the OAuth token call without an answer: paypal.call_failed, the Basic credentials it quotes scrubbed', async () => {
    const { logger, driver } = setUp();
    nock(SANDBOX).get('/elsewhere').reply(200, {});
    await driver.lookup!(lookupInput(opening));
    expect(logger.lines).toEqual([{ level: 'warn', event: 'paypal.call_failed', fields: { method: 'paypal', path: '/v1/oauth2/token', cause: expect.any(String) } }]);
    expectNothingSecret(logger);
  });

  it('an answer of 2xx writes nothing', async () => {
    const { logger, driver } = setUp();
    tokenEndpoint('A21AA-fine');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, { id: ORDER, status: 'CREATED' });
    await driver.lookup!(lookupInput(opening));
    expect(logger.lines).toEqual([]);
  });

  it("a refund aimed at the order rather than its capture: PayPal's 404 that the driver mends writes nothing, the mended call's own refusal is written", async () => {
    const { logger, driver } = setUp();
    tokenEndpoint('A21AA-mended');
    const CAPTURE = '3C679366HH908993F';
    nock(SANDBOX).post(`/v2/payments/captures/${ORDER}/refund`).reply(404, paypalError('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
    nock(SANDBOX)
      .get(`/v2/checkout/orders/${ORDER}`)
      .reply(200, { id: ORDER, status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: CAPTURE, status: 'COMPLETED', amount: { currency_code: 'EUR', value: '5.00' } }] } }] });
    nock(SANDBOX).post(`/v2/payments/captures/${CAPTURE}/refund`).reply(201, { id: 'R-9', status: 'COMPLETED' });
    await driver.refund(followUpInput(opening, money(500, 'EUR')));
    expect(logger.lines).toEqual([]);

    nock(SANDBOX).post(`/v2/payments/captures/${ORDER}/refund`).reply(404, paypalError('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(404, paypalError('RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID'));
    await driver.refund(followUpInput(opening, money(500, 'EUR')));
    expect(logger.lines).toEqual([
      { level: 'warn', event: 'paypal.call_refused', fields: { method: 'paypal', path: '/v2/checkout/orders/{orderId}', status: 404, errorCode: 'INVALID_RESOURCE_ID' } },
    ]);
  });

  it('the OAuth token call answered 200 without a usable token: paypal.call_failed, the body never', async () => {
    const { logger, driver } = setUp();
    nock(SANDBOX).post('/v1/oauth2/token').reply(200, { token_type: 'Bearer', scope: 'A21AA-no-token-here' });
    await driver.lookup!(lookupInput(opening));
    expect(logger.lines).toEqual([
      { level: 'warn', event: 'paypal.call_failed', fields: { method: 'paypal', path: '/v1/oauth2/token', cause: "PayPal's token endpoint answered 200 without a usable token" } },
    ]);
    expectNothingSecret(logger, 'A21AA-no-token-here');
  });
});
