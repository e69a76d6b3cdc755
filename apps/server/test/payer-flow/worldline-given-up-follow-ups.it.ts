import nock from 'nock';
import { navigate } from '../support/elements-client';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { acceptPayment, BASE, noneInFlight, P, payment, WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// The whole service over HTTP, nock playing Worldline Direct. Every answer to a Wero capture is a 503:
// the service gives it up (pending, CAPTURING). Worldline did take it and sends no webhook: the worker
// looks it up (D93-e) and, no answer having named Worldline's id, finds it in the payment's captures
// by the merchantReference our capture request sent.

jest.setTimeout(30_000);

const MIN = 60_000;

describe('Worldline Direct: a capture given up after 503 answers, no webhook ever', () => {
  const service = providerService(WORLDLINE_CONTRACTS);
  const h = service.h;

  it('is found CAPTURED by our reference in the payment captures: PAID', async () => {
    const id = '7600000001_0';
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 6_000, orderId: 'wl-given-up-capture', methods: [{ method: 'wero' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment(id);
    const started = await page.start({ methodId: 'wero', amount: 6_000 });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    nock(BASE).get(`${P}/${id}`).reply(200, payment(id, 'PENDING_CAPTURE', 5, 6_000, reference, { category: 'PENDING_MERCHANT' }));
    let ours = '';
    let sends = 0;
    nock(BASE)
      .persist()
      .post(`${P}/${id}/capture`)
      .reply((_u, body) => {
        ours = (body as { operationReferences: { merchantReference: string } }).operationReferences.merchantReference;
        sends += 1;
        return [503, { errorId: 'e-1', errors: [{ code: '1000', httpStatusCode: 503, message: 'unavailable' }] }];
      });
    await navigate(`${h.url}/elements/return/${started.body.attemptId}`);
    await page.waitFor(noneInFlight);
    for (const delay of h.instance.core.policy.dispatchRetryDelaysMs) {
      h.clock.advance(delay);
      await h.runWorkers();
    }
    expect(ours).not.toBe('');
    expect(sends).toBeGreaterThanOrEqual(h.instance.core.policy.dispatchRetryDelaysMs.length + 1);
    expect(h.logLines.filter((l) => l.includes('psp.operation_given_up') && l.includes(ours))).toHaveLength(1);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'CAPTURING' });

    let reads = 0;
    nock(BASE)
      .persist()
      .get(`${P}/${id}/captures`)
      .reply(() => {
        reads += 1;
        const capture = { id: '7600000001_1', status: 'CAPTURED', statusOutput: { statusCode: 9 }, captureOutput: { amountOfMoney: { amount: 6_000, currencyCode: 'EUR' }, paymentMethod: 'redirect', operationReferences: { merchantReference: ours } } };
        return [200, { captures: [capture] }];
      });
    h.clock.advance(11 * MIN);
    await h.runWorkers();

    expect(reads).toBe(1);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 6_000 } });
    const stillSends = sends;
    h.clock.advance(60 * MIN);
    await h.runWorkers();
    expect([sends, reads]).toEqual([stillSends, 1]);
  });
});
