// PayPal's 429 (RATE_LIMIT_REACHED), a gateway's 408 and PayPal's 409 (the same PayPal-Request-Id
// still being processed) say nothing final: the operation is retried, never told refused.
import nock from 'nock';
import { money } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { createPayPalProvider } from '../provider/paypal.provider';
import type { PayPalDriver } from './paypal.driver';
import { SANDBOX, TestClock, authorizedOrder, followUpInput, returnInput, tokenEndpoint, silentLogger, openInput } from '../testing/paypal.fixtures';

isolateNock();

const ORDER = '3C679366HH908993F';
const AUTH = '0VF52814937998046';
const CAPTURE = '2GG279541U471931P';
const OPENING = '0195f2a4-3333-7000-8000-00000000000c';
const opening = { transactionId: OPENING, providerRef: ORDER };
const RATE_LIMITED = { name: 'RATE_LIMIT_REACHED', message: 'Too many requests. Blocked due to rate limiting.', debug_id: 'abc123' };
const CONFLICT = { name: 'RESOURCE_CONFLICT', message: 'The server has detected a conflict while processing this request.', debug_id: 'def456' };
const TRANSIENT: ReadonlyArray<[number, object]> = [
  [429, RATE_LIMITED],
  [408, { name: 'REQUEST_TIMEOUT' }],
  [409, CONFLICT],
];

describe('PayPal answers that say "not now": 429, 408, 409', () => {
  let driver: PayPalDriver;
  beforeEach(() => {
    driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock(), timeoutMs: 2000 }).drivers[0] as PayPalDriver;
  });
  afterEach(() => nock.cleanAll());

  it.each(TRANSIENT)('a capture answered %i is unknown, with no failed capture (the hold is not handed back)', async (status, body) => {
    tokenEndpoint('tok');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).reply(200, authorizedOrder(ORDER, OPENING, { authorizationId: AUTH }));
    nock(SANDBOX).post(`/v2/payments/authorizations/${AUTH}/capture`).reply(status, body);
    const out = await driver.capture(followUpInput(opening, money(10_000, 'EUR')));
    expect(out.ack).toMatchObject({ outcome: 'unknown', httpStatus: status });
    expect(out.facts).toEqual([]);
  });

  it.each(TRANSIENT)('authorizing the approved order answered %i is unknown, not a declined verdict', async (status, body) => {
    tokenEndpoint('tok');
    nock(SANDBOX).post(`/v2/checkout/orders/${ORDER}/authorize`).reply(status, body);
    const out = await driver.completeReturn(returnInput(opening, { token: ORDER, PayerID: 'QYR5Z8XDVJNXQ' }));
    expect(out.ack).toMatchObject({ outcome: 'unknown', httpStatus: status });
    expect(out.facts).toEqual([]);
  });

  it.each(TRANSIENT)('a refund answered %i is unknown, not a failed refund', async (status, body) => {
    tokenEndpoint('tok');
    nock(SANDBOX).post(`/v2/payments/captures/${CAPTURE}/refund`).reply(status, body);
    const out = await driver.refund(followUpInput({ transactionId: '0195f2a4-3333-7000-8000-00000000000d', providerRef: CAPTURE }, money(500, 'EUR')));
    expect(out.ack).toMatchObject({ outcome: 'unknown', httpStatus: status });
    expect(out.facts).toEqual([]);
  });

  it.each([429, 408])('the token endpoint answered %i: no answer yet, not refused credentials', async (status) => {
    nock(SANDBOX).post('/v1/oauth2/token').reply(status, { error: 'rate_limit', error_description: 'Too many requests' });
    const out = await driver.open(openInput());
    expect(out.ack.outcome).toBe('unknown');
    expect(out.ack.code).not.toBe('AUTHENTICATION_FAILURE');
    expect(out.ack.message).not.toMatch(/refused the contract's credentials/);
  });

  it('the token endpoint refusing the credentials (401) still refuses the opening', async () => {
    nock(SANDBOX).post('/v1/oauth2/token').reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    const out = await driver.open(openInput());
    expect(out.ack).toMatchObject({ outcome: 'rejected', code: 'AUTHENTICATION_FAILURE', category: 'method-unavailable' });
  });
});
