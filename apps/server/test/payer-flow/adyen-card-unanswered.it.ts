import nock from 'nock';
import { cardInput, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { ElementsClient } from '../support/elements-client';
import { providerService } from '../support/provider-service';

/**
 * An Adyen card start Adyen does not answer, over HTTP (docs/decisions.md D131), nock playing Adyen and
 * refusing any call it was not told of: the encrypted card is sent again with the same
 * Idempotency-Key while the request holds it; still unanswered, the start door answers 500
 * InternalError once the attempt is recorded in flight, and the same press sent again answers that
 * attempt without another call to Adyen.
 */

jest.setTimeout(30_000);

describe('an Adyen card start Adyen does not answer', () => {
  const service = providerService([{ method: 'card', provider: 'adyen', partialRefunds: true, settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }]);
  const h = service.h;
  const fault = [500, { status: 500, errorCode: '000', message: 'boom at Adyen', errorType: 'internal' }] as const;

  it('a 5xx, then the answer: two sends of one key, the start answered 201 with the answer', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: 'card-5xx-then-ok', methods: [{ method: 'card' }] });
    const keys: unknown[] = [];
    nock(TEST_BASE)
      .post('/v71/payments').reply(function () { keys.push(this.req.headers['idempotency-key']); return [...fault]; })
      .post('/v71/payments').reply(function () { keys.push(this.req.headers['idempotency-key']); return [200, { resultCode: 'Authorised', pspReference: 'PSPCARD5XX00001', additionalData: { paymentMethod: 'visa' } }]; });
    const started = await page.start({ methodId: 'card', amount: 3_000, input: cardInput() });
    expect(started.status).toBe(201);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(started.body.view.attempts.map((a) => a.status)).toEqual(['AUTHORIZED']);
  });

  it('still unanswered after three sends: 500 InternalError naming no PSP text, the attempt in flight; the same press again answers it, sending nothing', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: 'card-5xx', methods: [{ method: 'card' }] });
    const pressed = new ElementsClient(h.url, page.token, { 'Idempotency-Key': 'press-5xx-0001' });
    let sends = 0;
    nock(TEST_BASE).post('/v71/payments').times(10).reply(() => ((sends += 1), [...fault]));
    const started = await pressed.start({ methodId: 'card', amount: 3_000, input: cardInput() });
    expect([started.status, started.body.code]).toEqual([500, 'InternalError']);
    expect(JSON.stringify(started.body)).not.toContain('boom');
    expect(sends).toBe(3);
    expect((await page.view()).body.view.attempts.map((a) => a.status)).toEqual(['AUTHORIZING']);

    const again = await pressed.start({ methodId: 'card', amount: 3_000, input: cardInput() });
    expect(again.status).toBe(201);
    expect(again.body.view.attempts.map((a) => a.status)).toEqual(['AUTHORIZING']);
    expect(sends).toBe(3);
  });

  it('a refusal (422) is an answer: sent once, the attempt answered as refused', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: 'card-422', methods: [{ method: 'card' }] });
    let sends = 0;
    nock(TEST_BASE).post('/v71/payments').times(3).reply(() => ((sends += 1), [422, { status: 422, errorCode: '101', message: 'Invalid card number', errorType: 'validation' }]));
    const started = await page.start({ methodId: 'card', amount: 3_000, input: cardInput() });
    expect(started.status).toBe(201);
    expect(sends).toBe(1);
    expect(started.body.view.attempts.map((a) => a.status)).not.toContain('AUTHORIZING');
  });
});
