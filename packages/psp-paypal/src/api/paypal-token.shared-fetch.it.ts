import nock from 'nock';
import { timedOut } from '@splitpay/domain';
import { transportAck } from '@splitpay/psp-http';
import { isolateNock } from '@splitpay/psp-testkit';
import { PayPalClient } from './paypal.client';
import { SANDBOX, SETTINGS, TestClock, silentLogger } from '../testing/paypal.fixtures';

// A token fetch is shared by the calls of a contract that need one meanwhile; each caller waits for it
// within its own time only, and the fetch is sent with the whole PSP timeout (D101-b).

isolateNock();
afterEach(() => {
  nock.abortPendingRequests();
  nock.cleanAll();
});

const TIMEOUT_MS = 2_000;

/** A token PayPal answers only after `delayMs` of real time: longer than the first caller had left. */
const slowToken = (delayMs: number): nock.Scope =>
  nock(SANDBOX).post('/v1/oauth2/token').delay(delayMs).reply(200, { access_token: 'tok-shared', token_type: 'Bearer', expires_in: 32_400 });
const orderRead = (id: string): nock.Scope => nock(SANDBOX).get(`/v2/checkout/orders/${id}`).matchHeader('authorization', 'Bearer tok-shared').reply(200, { id, status: 'APPROVED' });
const read = (id: string) => ({ method: 'GET', path: `/v2/checkout/orders/${id}` }) as const;

describe("PayPal: a token fetch shared by calls with different deadlines", () => {
  let clock: TestClock;
  let client: PayPalClient;
  beforeEach(() => {
    clock = new TestClock();
    client = new PayPalClient({ logger: silentLogger, clock, timeoutMs: TIMEOUT_MS });
  });

  it("an operation with its whole timeout that joins a fetch started by one with 100 ms left gets the token and sends its call; the other runs out of time alone", async () => {
    const late = client.operation();
    clock.at += TIMEOUT_MS - 100;
    const fresh = client.operation();
    const token = slowToken(400);
    const lateRead = orderRead('LATE');
    const freshRead = orderRead('FRESH');
    const [lateAnswer, freshAnswer] = await Promise.all([late.call(SETTINGS, read('LATE')), fresh.call(SETTINGS, read('FRESH'))]);
    expect(lateAnswer).toEqual({ kind: 'transport', message: 'ETIMEDOUT: no answer from PayPal (timed out)', cause: expect.stringMatching(/no time left of the operation's timeout/) });
    // It waited out its operation's timeout: the return door asks no second wait (D150-c).
    expect(timedOut(transportAck(lateAnswer as { message: string }))).toBe(true);
    expect(lateRead.isDone()).toBe(false);
    expect(token.isDone()).toBe(true);
    expect(freshRead.isDone()).toBe(true);
    expect(freshAnswer).toMatchObject({ kind: 'answer', status: 200 });
  });

  it("a payer's plain call joining that fetch gets the token too", async () => {
    const late = client.operation();
    clock.at += TIMEOUT_MS - 100;
    slowToken(400);
    const lateRead = orderRead('LATE');
    const plainRead = orderRead('PLAIN');
    const [lateAnswer, plainAnswer] = await Promise.all([late.call(SETTINGS, read('LATE')), client.call(SETTINGS, read('PLAIN'))]);
    expect(lateAnswer.kind).toBe('transport');
    expect(lateRead.isDone()).toBe(false);
    expect(plainRead.isDone()).toBe(true);
    expect(plainAnswer).toMatchObject({ kind: 'answer', status: 200 });
  });

  it('the fetch an out-of-time caller left running serves the next call from the cache: one fetch', async () => {
    const late = client.operation();
    clock.at += TIMEOUT_MS - 100;
    const token = slowToken(400);
    expect((await late.call(SETTINGS, read('LATE'))).kind).toBe('transport');
    const plainRead = orderRead('PLAIN');
    await new Promise<void>((resolve) => token.once('replied', () => resolve()));
    expect(await client.call(SETTINGS, read('PLAIN'))).toMatchObject({ kind: 'answer', status: 200 });
    expect(plainRead.isDone()).toBe(true);
  });
});
