import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { AdyenClient } from '../client/adyen.client';
import { followUpInput, openInput, SERVICE_BASE, silentLogger, TEST_BASE } from '../testing/adyen-fixtures';
import { AdyenCardDriver } from './card.driver';

const pauses: number[] = [];
const driver = new AdyenCardDriver({ client: new AdyenClient({ timeoutMs: 10_000 }), logger: silentLogger, publicBaseUrl: SERVICE_BASE, pause: async (ms) => void pauses.push(ms) });

const busy = { status: 503, errorCode: '000', message: 'busy', errorType: 'internal' };
/** Adyen's answer to a key whose first request is still in progress. */
const inProgress = { status: 422, errorCode: '704', message: 'request already processed or in progress', errorType: 'validation' };

type Reply = (this: nock.ReplyFnContext, uri: string, requestBody: nock.Body) => [number, object];

/** Keeps each answered send's Idempotency-Key and body, in order. */
function seen(): { readonly keys: unknown[]; readonly bodies: unknown[]; answer(status: number, body: object): Reply } {
  const keys: unknown[] = [];
  const bodies: unknown[] = [];
  return {
    keys,
    bodies,
    answer: (status, body) =>
      function (this: nock.ReplyFnContext, _uri: string, requestBody: nock.Body): [number, object] {
        keys.push(this.req.headers['idempotency-key']);
        bodies.push(requestBody);
        return [status, body];
      },
  };
}

isolateNock();
beforeEach(() => pauses.splice(0));
afterEach(() => nock.cleanAll());

describe('Adyen card: a call carrying the encrypted card or a 3-D Secure result is sent again while Adyen does not answer', () => {
  it('the start: a 5xx, then the answer: two sends of one key and one body, the answer recorded', async () => {
    const input = openInput('card');
    const sends = seen();
    const scope = nock(TEST_BASE)
      .post('/v71/payments').reply(sends.answer(503, busy))
      .post('/v71/payments').reply(sends.answer(200, { resultCode: 'Authorised', pspReference: 'PSPR1' }));
    const opened = await driver.open(input);
    expect(scope.isDone()).toBe(true);
    expect(sends.keys).toEqual([input.transactionId, input.transactionId]);
    expect(sends.bodies[1]).toEqual(sends.bodies[0]);
    expect(pauses).toEqual([250]);
    expect(opened.ack).toMatchObject({ outcome: 'accepted', providerRef: 'PSPR1' });
    expect(opened.facts).toEqual([expect.objectContaining({ kind: 'authorized' })]);
  });

  it('the start: no answer, then a 5xx, then the answer: three sends', async () => {
    const input = openInput('card');
    const sends = seen();
    nock(TEST_BASE)
      .post('/v71/payments').replyWithError('socket hang up')
      .post('/v71/payments').reply(sends.answer(502, busy))
      .post('/v71/payments').reply(sends.answer(200, { resultCode: 'Received', pspReference: 'PSPR2' }));
    const opened = await driver.open(input);
    expect(sends.keys).toEqual([input.transactionId, input.transactionId]);
    expect(pauses).toEqual([250, 1_000]);
    expect(opened.ack).toMatchObject({ outcome: 'accepted', code: 'Received' });
  });

  it('the start: three 5xx: the outcome stays unknown, and nothing more is sent', async () => {
    let sends = 0;
    nock(TEST_BASE).post('/v71/payments').times(5).reply(() => ((sends += 1), [500, { ...busy, status: 500 }]));
    const opened = await driver.open(openInput('card'));
    expect(sends).toBe(3);
    expect(opened).toEqual({ ack: expect.objectContaining({ outcome: 'unknown', httpStatus: 500 }), facts: [] });
  });

  it('the start: rate limited (429), then the answer: sent again after a pause, the answer recorded', async () => {
    const input = openInput('card');
    const sends = seen();
    nock(TEST_BASE)
      .post('/v71/payments').reply(sends.answer(429, { status: 429, errorCode: '000', message: 'Too many requests', errorType: 'security' }))
      .post('/v71/payments').reply(sends.answer(200, { resultCode: 'Authorised', pspReference: 'PSPR3' }));
    const opened = await driver.open(input);
    expect(sends.keys).toEqual([input.transactionId, input.transactionId]);
    expect(pauses).toEqual([250]);
    expect(opened.ack).toMatchObject({ outcome: 'accepted', providerRef: 'PSPR3' });
  });

  it('the start: rate limited (429 or 408) on every send: nothing was made at Adyen, so the opening is rejected (the payer may pay again), never left unknown', async () => {
    for (const status of [429, 408]) {
      let sends = 0;
      nock(TEST_BASE).post('/v71/payments').times(5).reply(() => ((sends += 1), [status, { status, errorCode: '000', message: 'not now', errorType: 'security' }]));
      const opened = await driver.open(openInput('card'));
      expect(sends).toBe(3);
      expect(opened).toEqual({ ack: expect.objectContaining({ outcome: 'rejected', httpStatus: status }), facts: [] });
      nock.cleanAll();
    }
  });

  it('a refund rate limited (429) stays unknown: it is sent again later with the same key, never a failed refund', async () => {
    nock(TEST_BASE).post('/v71/payments/PSPREF/refunds').reply(429, { status: 429, errorCode: '000', message: 'Too many requests', errorType: 'security' });
    const refunded = await driver.refund(followUpInput(openInput('card'), 'PSPREF', 4_000));
    expect(refunded).toEqual({ ack: expect.objectContaining({ outcome: 'unknown', httpStatus: 429 }), facts: [] });
  });

  it('the start: a refusal (422) is an answer: sent once, rejected', async () => {
    let sends = 0;
    nock(TEST_BASE).post('/v71/payments').times(3).reply(() => ((sends += 1), [422, { status: 422, errorCode: '14_030', message: 'Return URL is missing.', errorType: 'validation' }]));
    const opened = await driver.open(openInput('card'));
    expect(sends).toBe(1);
    expect(opened.ack).toMatchObject({ outcome: 'rejected', code: '14_030' });
  });

  it("the start: Adyen's 704 (the key's first send still in progress, a 422 or a 409) is no refusal: sent again after the pause, the first send's answer recorded", async () => {
    const input = openInput('card');
    const sends = seen();
    nock(TEST_BASE)
      .post('/v71/payments').replyWithError('socket hang up')
      .post('/v71/payments').reply(sends.answer(422, inProgress))
      .post('/v71/payments').reply(sends.answer(200, { resultCode: 'Authorised', pspReference: 'PSPR3' }));
    const opened = await driver.open(input);
    expect(sends.keys).toEqual([input.transactionId, input.transactionId]);
    expect(opened.ack).toMatchObject({ outcome: 'accepted', providerRef: 'PSPR3' });
  });

  it('the start: still in progress at the third send: unknown, never rejected (the payment may yet be made)', async () => {
    let sends = 0;
    nock(TEST_BASE).post('/v71/payments').times(5).reply(() => ((sends += 1), sends % 2 === 0 ? [409, { ...inProgress, status: 409 }] : [422, inProgress]));
    const opened = await driver.open(openInput('card'));
    expect(sends).toBe(3);
    expect(opened).toEqual({ ack: expect.objectContaining({ outcome: 'unknown', code: '704' }), facts: [] });
  });

  it('the page\'s 3-D Secure result (/payments/details): a 5xx, then the answer: two sends of one key', async () => {
    const input = openInput('card');
    const sends = seen();
    nock(TEST_BASE)
      .post('/v71/payments/details').reply(sends.answer(500, { ...busy, status: 500 }))
      .post('/v71/payments/details').reply(sends.answer(200, { resultCode: 'Authorised', pspReference: 'PSPR4' }));
    const done = await driver.completeAction({ ...input, target: { transactionId: input.transactionId, providerRef: 'PSPR4' }, details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } });
    expect(sends.keys).toHaveLength(2);
    expect(sends.keys[1]).toBe(sends.keys[0]);
    expect(sends.bodies).toEqual([{ details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } }, { details: { threeDSResult: 'eyJ0cmFuc1N0YXR1cyI6IlkifQ==' } }]);
    expect(done.facts).toEqual([expect.objectContaining({ kind: 'authorized' })]);
  });

  it("the return door's 3-D Secure result: no answer, then the answer", async () => {
    const input = openInput('card');
    nock(TEST_BASE)
      .post('/v71/payments/details').replyWithError('socket hang up')
      .post('/v71/payments/details').reply(200, { resultCode: 'Refused', refusalReasonCode: '2', refusalReason: 'Refused', pspReference: 'PSPR5' });
    const returned = await driver.completeReturn({ ...input, target: { transactionId: input.transactionId, providerRef: 'PSPR5' }, params: { redirectResult: 'X6XtfGC3!Y...' } });
    expect(returned.facts).toEqual([expect.objectContaining({ kind: 'declined' })]);
  });

  it('a modification answered 704 is unknown, never a failed verdict: its first request may yet be made', async () => {
    const follow = followUpInput(openInput('card'), 'PSPPAY7', 4_000);
    let sends = 0;
    nock(TEST_BASE).post('/v71/payments/PSPPAY7/refunds').times(3).reply(() => ((sends += 1), [422, inProgress]));
    expect(await driver.refund(follow)).toEqual({ ack: { outcome: 'unknown', httpStatus: 422, code: '704', message: 'request already processed or in progress' }, facts: [] });
    // A modification carries no secret of the payer's: its owed operation is sent again by the service (D90), not here.
    expect(sends).toBe(1);
  });
});
