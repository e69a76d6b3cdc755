import nock from 'nock';
import { createPayPalProvider } from '../provider/paypal.provider';
import { SANDBOX, TestClock, authorizedOrder, lookupInput, tokenEndpoint, silentLogger } from '../testing/paypal.fixtures';
import { isolateNock } from '@splitpay/psp-testkit';

isolateNock();

const ORDER = '8AB12345CD678901E';
const TX = '0195f2a4-2222-7000-8000-00000000000b';
const opening = { transactionId: TX, providerRef: ORDER };

describe('PayPal driver: status lookup of an overdue verdict (GET /v2/checkout/orders/{id}, authoritative)', () => {
  const driverOf = () => createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 }).drivers[0]!;
  afterEach(() => nock.cleanAll());

  it('is declared', () => {
    expect(driverOf().capabilities.statusLookup).toBe(true);
    expect(typeof driverOf().lookup).toBe('function');
  });

  it('an order the payer has not acted on tells nothing yet', async () => {
    tokenEndpoint('tok');
    const driver = driverOf();
    for (const status of ['CREATED', 'PAYER_ACTION_REQUIRED']) {
      nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).matchHeader('authorization', 'Bearer tok').reply(200, { id: ORDER, status });
      expect(await driver.lookup!(lookupInput(opening))).toEqual({ ack: { outcome: 'accepted', httpStatus: 200, code: status, providerRef: ORDER }, facts: [] });
    }
  });

  it('an authorized order gives the hold', async () => {
    tokenEndpoint('tok');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, authorizedOrder(ORDER, TX, { status: 'CAPTURED' }));
    expect((await driverOf().lookup!(lookupInput(opening))).facts).toEqual([
      { kind: 'authorized', ref: opening, providerRef: ORDER, granted: { amount: 12_345, currency: 'EUR' }, statusCode: 'CAPTURED' },
    ]);
  });

  it('an order the payer approved but never came back from is authorized now (once: the opening transaction id is its PayPal-Request-Id)', async () => {
    tokenEndpoint('tok');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, { id: ORDER, status: 'APPROVED' });
    const authorize = nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).matchHeader('paypal-request-id', TX).reply(201, authorizedOrder(ORDER, TX));
    expect((await driverOf().lookup!(lookupInput(opening))).facts.map((f) => f.kind)).toEqual(['authorized']);
    expect(authorize.isDone()).toBe(true);
  });

  it('a voided order, an order PayPal no longer holds, and an opening that never learnt its order id are declined', async () => {
    tokenEndpoint('tok');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, { id: ORDER, status: 'VOIDED' });
    expect((await driverOf().lookup!(lookupInput(opening))).facts).toMatchObject([{ kind: 'declined', statusCode: 'ORDER_VOIDED', ref: opening }]);
    tokenEndpoint('tok');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    expect((await driverOf().lookup!(lookupInput(opening))).facts).toMatchObject([{ kind: 'declined', statusCode: 'RESOURCE_NOT_FOUND', ref: opening }]);
    expect((await driverOf().lookup!(lookupInput({ transactionId: TX }))).facts).toEqual([
      { kind: 'declined', ref: { transactionId: TX }, statusCode: 'NO_ORDER', statusMessage: 'no PayPal order was ever named for this attempt' },
    ]);
  });

  it('PayPal failing tells nothing', async () => {
    tokenEndpoint('tok');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(500, { name: 'INTERNAL_SERVER_ERROR' });
    expect((await driverOf().lookup!(lookupInput(opening))).facts).toEqual([]);
  });
});
