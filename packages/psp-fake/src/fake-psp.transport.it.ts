import http from 'node:http';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import request from 'supertest';
import { money, type TransactionId } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { createFakeProvider } from './provider/fake.provider';
import { signBody } from './protocol/signature';
import { API_KEY, SIGNING_SECRET, card, eventually, factsFor, startHarness, type Harness } from './testing/fake-psp.harness';

const PSP = 'http://fake-psp.test';

// nock plays the fake PSP at fake-psp.test; the harness (the service with the real fake PSP) listens on 127.0.0.1.
isolateNock(/127\.0\.0\.1/);

describe('fake drivers: transport failures and PSP errors', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  afterEach(() => nock.cleanAll());

  const nocked = createFakeProvider({ baseUrl: `${PSP}/fake-psp`, apiKey: API_KEY, signingSecret: SIGNING_SECRET, timeoutMs: 500 });
  const cardDriver = nocked.drivers.find((d) => d.method === 'card');

  it('sends the API key and our transaction id as the Idempotency-Key; the card number goes to the PSP only', async () => {
    const input = h.openInput('card', { payerInput: card('4111111111111111') });
    const scope = nock(PSP)
      .post('/fake-psp/api/payments', (body: Record<string, unknown>) => JSON.stringify(body).includes('"number":"4111111111111111"') && body.reference === input.transactionId)
      .matchHeader('x-api-key', API_KEY)
      .matchHeader('idempotency-key', input.transactionId)
      .reply(201, { ref: 'fkp_nocked', status: 'received' });
    const opened = await cardDriver?.open(input);
    expect(scope.isDone()).toBe(true);
    expect(opened?.ack).toEqual({ outcome: 'accepted', httpStatus: 201, code: 'received', providerRef: 'fkp_nocked' });
  });

  it('a connection failure is an unknown ack with the raw cause and no httpStatus', async () => {
    const input = h.openInput('card', { payerInput: card('4111111111111111') });
    nock(PSP).post('/fake-psp/api/payments').replyWithError('socket hang up');
    const opened = await cardDriver?.open(input);
    expect(opened?.ack).toEqual({ outcome: 'unknown', message: 'socket hang up' });
    expect(opened?.facts).toEqual([]);
    expect(JSON.stringify(opened)).not.toContain('4111111111111111');
  });

  it('a refused connection (nothing listening) is an unknown ack without httpStatus', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const closed = createFakeProvider({ baseUrl: `http://127.0.0.1:${port}/fake-psp`, apiKey: API_KEY, signingSecret: SIGNING_SECRET });
    const input = h.openInput('paypal');
    const opened = await closed.drivers.find((d) => d.method === 'paypal')?.open(input);
    expect(opened?.ack.outcome).toBe('unknown');
    expect(opened?.ack.message).toMatch(/ECONNREFUSED/);
    expect(opened?.ack.httpStatus).toBeUndefined();
  });

  it('a timeout (the PSP never answers) is an unknown ack', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const slow = createFakeProvider({ baseUrl: `http://127.0.0.1:${port}/fake-psp`, apiKey: API_KEY, signingSecret: SIGNING_SECRET, timeoutMs: 100 });
    const opened = await slow.drivers.find((d) => d.method === 'card')?.open(h.openInput('card', { payerInput: card('4111111111111111') }));
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    expect(opened?.ack).toMatchObject({ outcome: 'unknown', message: 'ECONNABORTED: no answer from the fake PSP (timed out)' });
    expect(opened?.ack.httpStatus).toBeUndefined();
  });

  it('a 5xx answer is unknown (the PSP may have acted), with its status', async () => {
    nock(PSP).post('/fake-psp/api/payments').reply(503, { error: 'unavailable', message: 'try again' });
    const opened = await cardDriver?.open(h.openInput('card', { payerInput: card('4111111111111111') }));
    expect(opened?.ack).toEqual({ outcome: 'unknown', httpStatus: 503, code: 'unavailable', message: 'try again' });
  });

  it('a follow-up that cannot reach the PSP is unknown and asserts no verdict', async () => {
    nock(PSP).post('/fake-psp/api/payments/fkp_1/captures').replyWithError('ETIMEDOUT');
    const input = h.openInput('card');
    const out = await cardDriver?.capture({ ...input, transactionId: 'c0ffee00-0000-7000-8000-000000000001' as TransactionId, amount: money(100, 'EUR'), target: { providerRef: 'fkp_1' } });
    expect(out).toEqual({ ack: { outcome: 'unknown', message: 'ETIMEDOUT' }, facts: [] });
  });

  it('a wrong API key is a rejected ack', async () => {
    const wrong = createFakeProvider({ baseUrl: `${h.url}/fake-psp`, apiKey: 'not-the-key', signingSecret: SIGNING_SECRET });
    const opened = await wrong.drivers.find((d) => d.method === 'wero')?.open(h.openInput('wero'));
    expect(opened?.ack).toMatchObject({ outcome: 'rejected', httpStatus: 401, code: 'unauthorized' });
  });
});

describe('fake PSP notifications: signature and redelivery', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ retryDelaysMs: [5, 5] });
  });
  afterAll(() => h.close());

  it('a notification with a bad or missing signature is rejected with no facts', async () => {
    const rawBody = JSON.stringify({ id: 'x', event: 'authorization', paymentRef: 'fkp_1', ref: 'fkp_1', reference: 'r', result: 'authorized', amount: { value: 1, currency: 'EUR' } });
    const before = h.facts.length;
    await request(h.url).post('/psp/fake/notifications').set('content-type', 'application/json').set('x-fake-psp-signature', signBody(rawBody, 'other-secret')).send(rawBody).expect(401, '[rejected]');
    await request(h.url).post('/psp/fake/notifications').set('content-type', 'application/json').send(rawBody).expect(401);
    const signed = await request(h.url).post('/psp/fake/notifications').set('content-type', 'application/json').set('x-fake-psp-signature', signBody(rawBody, SIGNING_SECRET)).send(rawBody).expect(200);
    expect(signed.text).toBe('[accepted]');
    expect(signed.headers['content-type']).toMatch(/^text\/plain/);
    expect(h.facts.length).toBe(before + 1);
  });

  it('redelivers while the service does not answer 2xx, keeping the notification id', async () => {
    h.failNext = [503, 500];
    const input = h.openInput('card', { payerInput: card('4111111111111111') });
    await h.driver('card').open(input);
    await factsFor(h, input.transactionId);
    const mine = h.deliveries.filter((raw) => raw.includes(input.transactionId)).map((raw) => (JSON.parse(raw) as { id: string }).id);
    expect(mine).toHaveLength(3);
    expect(new Set(mine).size).toBe(1);
    expect(h.logger.lines.filter((l) => l.includes('fake-psp.notification.failed'))).toHaveLength(2);
  });

  it('gives up after the last redelivery with an error-level log line', async () => {
    h.failNext = [500, 500, 500];
    const input = h.openInput('card', { payerInput: card('4111111111111111') });
    await h.driver('card').open(input);
    const line = await eventually(() => h.logger.lines.find((l) => l.includes('fake-psp.notification.abandoned')), 'the abandon line');
    expect(JSON.parse(line)).toMatchObject({ level: 'error', failures: 3, outcome: 'HTTP 500' });
    expect(h.facts.some((f) => f.kind === 'authorized' && f.ref.transactionId === input.transactionId)).toBe(false);
  });
});
