import nock from 'nock';
import { money } from '@splitpay/domain';
import { createPayPalProvider } from '../provider/paypal.provider';
import { SANDBOX, SETTINGS, TestClock, authorizedOrder, followUpInput, lookupInput, openInput, tokenEndpoint, silentLogger } from '../testing/paypal.fixtures';
import { isolateNock } from '@splitpay/psp-testkit';

isolateNock();

const ORDER = '9XY12345CD678901E';
const opening = { transactionId: '0195f2a4-4444-7000-8000-00000000000e', providerRef: ORDER };

function orderCalls(times: number, bearer: string): nock.Scope {
  return nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).matchHeader('authorization', `Bearer ${bearer}`).times(times).reply(200, { id: ORDER, status: 'CREATED' });
}

describe("PayPal's OAuth token: one per contract, cached, renewed", () => {
  afterEach(() => nock.cleanAll());

  it('is fetched once (client_credentials, Basic client id and secret) for many calls of the same contract', async () => {
    const clock = new TestClock();
    const driver = createPayPalProvider({ logger: silentLogger, clock }).drivers[0]!;
    const token = tokenEndpoint('A21AA-once', { times: 1 });
    const calls = orderCalls(3, 'A21AA-once');
    nock(SANDBOX).post('/v2/checkout/orders').matchHeader('authorization', 'Bearer A21AA-once').reply(201, { id: 'O2', status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: 'https://www.sandbox.paypal.com/checkoutnow?token=O2' }] });
    await driver.lookup!(lookupInput(opening));
    await Promise.all([driver.lookup!(lookupInput(opening)), driver.lookup!(lookupInput(opening)), driver.open(openInput())]);
    expect(token.isDone()).toBe(true);
    expect(calls.isDone()).toBe(true);
  });

  it('concurrent first calls share one token fetch', async () => {
    const driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock() }).drivers[0]!;
    tokenEndpoint('A21AA-shared', { times: 1 });
    orderCalls(4, 'A21AA-shared');
    const outputs = await Promise.all([1, 2, 3, 4].map(() => driver.lookup!(lookupInput(opening))));
    expect(outputs.map((o) => o.ack.outcome)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
  });

  it('is renewed once when PayPal answers 401, and the call is made again with the same PayPal-Request-Id', async () => {
    const driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock() }).drivers[0]!;
    tokenEndpoint('A21AA-revoked');
    const input = followUpInput({ transactionId: 'cap', providerRef: '2GG279541U471931P' }, money(500, 'EUR'));
    nock(SANDBOX)
      .post('/v2/payments/captures/2GG279541U471931P/refund')
      .matchHeader('authorization', 'Bearer A21AA-revoked')
      .matchHeader('paypal-request-id', input.transactionId)
      .reply(401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.' });
    const renewed = tokenEndpoint('A21AA-fresh');
    nock(SANDBOX)
      .post('/v2/payments/captures/2GG279541U471931P/refund')
      .matchHeader('authorization', 'Bearer A21AA-fresh')
      .matchHeader('paypal-request-id', input.transactionId)
      .reply(201, { id: 'R-1', status: 'COMPLETED' });
    expect((await driver.refund(input)).ack).toMatchObject({ outcome: 'accepted', providerRef: 'R-1' });
    expect(renewed.isDone()).toBe(true);
    // The fresh token serves the next call.
    orderCalls(1, 'A21AA-fresh');
    expect((await driver.lookup!(lookupInput(opening))).ack.outcome).toBe('accepted');
  });

  it('a second 401 in a row is not retried again: a follow-up stays owed (unknown), an opening is refused (method unavailable)', async () => {
    const driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock() }).drivers[0]!;
    tokenEndpoint('t1');
    tokenEndpoint('t2');
    nock(SANDBOX).get(`/v2/checkout/orders/${ORDER}`).times(2).reply(401, { name: 'AUTHENTICATION_FAILURE' });
    const output = await driver.capture(followUpInput(opening));
    expect(output.ack).toMatchObject({ outcome: 'unknown', httpStatus: 401, code: 'AUTHENTICATION_FAILURE' });
    expect(nock.pendingMocks()).toEqual([]);
    tokenEndpoint('t3');
    nock(SANDBOX).post('/v2/checkout/orders').times(2).reply(401, { name: 'AUTHENTICATION_FAILURE' });
    const opened = await driver.open(openInput());
    expect(opened.ack).toMatchObject({ outcome: 'rejected', httpStatus: 401, code: 'AUTHENTICATION_FAILURE', category: 'method-unavailable' });
    expect(nock.pendingMocks()).toEqual([]);
  });

  it('is renewed shortly before expires_in runs out', async () => {
    const clock = new TestClock();
    const driver = createPayPalProvider({ logger: silentLogger, clock }).drivers[0]!;
    tokenEndpoint('short-lived', { expiresIn: 3600 });
    orderCalls(1, 'short-lived');
    await driver.lookup!(lookupInput(opening));
    clock.at += 3600_000 - 6 * 60_000;
    orderCalls(1, 'short-lived');
    await driver.lookup!(lookupInput(opening));
    clock.at += 2 * 60_000;
    tokenEndpoint('next');
    const next = orderCalls(1, 'next');
    await driver.lookup!(lookupInput(opening));
    expect(next.isDone()).toBe(true);
  });

  it('each contract has its own token: another client id, or a rotated secret, gets a new one', async () => {
    const driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock() }).drivers[0]!;
    tokenEndpoint('first');
    orderCalls(1, 'first');
    await driver.lookup!(lookupInput(opening));
    const rotated = { ...SETTINGS, clientSecret: 'EL-rotated-secret' };
    nock(SANDBOX)
      .post('/v1/oauth2/token')
      .matchHeader('authorization', `Basic ${Buffer.from(`${SETTINGS.clientId}:EL-rotated-secret`).toString('base64')}`)
      .reply(200, { access_token: 'rotated', token_type: 'Bearer', expires_in: 32_400 });
    const call = orderCalls(1, 'rotated');
    await driver.lookup!({ ...lookupInput(opening), settings: rotated });
    expect(call.isDone()).toBe(true);
  });

  it('live contracts call the live host', async () => {
    const driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock() }).drivers[0]!;
    nock('https://api-m.paypal.com').post('/v1/oauth2/token').reply(200, { access_token: 'live-token', expires_in: 32_400 });
    const live = nock('https://api-m.paypal.com').get(`/v2/checkout/orders/${ORDER}`).matchHeader('authorization', 'Bearer live-token').reply(200, authorizedOrder(ORDER, opening.transactionId));
    await driver.lookup!({ ...lookupInput(opening), settings: { ...SETTINGS, environment: 'live' } });
    expect(live.isDone()).toBe(true);
  });

  it('never appears in an answer the driver gives, even when a failure quotes the request', async () => {
    const driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock() }).drivers[0]!;
    tokenEndpoint('A21AA-do-not-leak');
    // No interceptor for the order: the failure's message quotes the request, Authorization header included.
    nock(SANDBOX).get('/elsewhere').reply(200, {});
    const output = await driver.lookup!(lookupInput(opening));
    expect(output.ack.outcome).toBe('unknown');
    // Only the failure's first line is kept: the request it quotes (headers included) never reaches the ack.
    expect(output.ack.message).toMatch(/^ERR_NOCK_NO_MATCH: /);
    expect(output.ack.message).not.toMatch(/\n|authorization|bearer/i);
    expect(JSON.stringify(output)).not.toContain('A21AA-do-not-leak');
  });

  it('a token failure quoting the Basic credentials is scrubbed too', async () => {
    const driver = createPayPalProvider({ logger: silentLogger, clock: new TestClock() }).drivers[0]!;
    nock(SANDBOX).get('/elsewhere').reply(200, {});
    const output = await driver.lookup!(lookupInput(opening));
    const basic = Buffer.from(`${SETTINGS.clientId}:${SETTINGS.clientSecret}`).toString('base64');
    expect(output.ack.outcome).toBe('unknown');
    expect(JSON.stringify(output)).not.toContain(basic);
    expect(JSON.stringify(output)).not.toContain(SETTINGS.clientSecret);
  });
});
