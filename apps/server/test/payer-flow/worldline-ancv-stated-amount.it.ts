import nock from 'nock';
import { navigate } from '../support/elements-client';
import { providerService } from '../support/provider-service';
import { acceptPayment, BASE, noneInFlight, P, payment, postWebhook, WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// The whole service over HTTP, nock playing Worldline Direct: ANCV on 5412, where the payer adjusts the
// amount in the app, and Worldline states the lowered amount as the payment's amountOfMoney with no
// acquiredAmount. It is the payer's chosen partial: kept, the rest payable, nothing handed back (D143-d).

describe('Worldline Direct: ANCV 5412 stating the amount the payer chose as amountOfMoney', () => {
  const service = providerService(WORLDLINE_CONTRACTS);
  const h = service.h;

  async function ancvStarted(orderId: string, id: string): Promise<{ page: Awaited<ReturnType<typeof h.openPage>>['page']; attemptId: string; reference: string; refunds: unknown[] }> {
    const { page } = await h.openPage({ currency: 'EUR', total: 10_000, orderId, methods: [{ method: 'ancv' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment(id);
    const started = await page.start({ methodId: 'ancv', amount: 7_000 });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    const refunds: unknown[] = [];
    nock(BASE)
      .persist()
      .post(`${P}/${id}/refund`)
      .reply((_u, body) => {
        refunds.push(body);
        return [201, payment(`${id.replace(/_0$/, '')}_1`, 'REFUND_REQUESTED', 81, 3_000, reference)];
      });
    return { page, attemptId: started.body.attemptId!, reference, refunds };
  }

  afterEach(() => nock.cleanAll());

  it('read on the return: a chosen partial of 30.00, 70.00 still payable, no refund sent', async () => {
    const id = '7800000003_0';
    const { page, attemptId, reference, refunds } = await ancvStarted('wl-ancv-stated-return', id);
    nock(BASE).get(`${P}/${id}`).reply(200, payment(id, 'CAPTURED', 9, 3_000, reference, { product: 5412 }));
    await navigate(`${h.url}/elements/return/${attemptId}`);
    const view = await page.waitFor(noneInFlight);
    await h.runWorkers();
    expect(view.attempts[0]).toMatchObject({ status: 'CAPTURED', partialAuth: 'chosen', requested: { amount: 7_000 }, granted: { amount: 3_000 } });
    expect(view.remaining).toMatchObject({ amount: 7_000 });
    expect(refunds).toEqual([]);
  });

  it('told by the payment.captured webhook first: the same chosen partial, no refund sent', async () => {
    const id = '7800000004_0';
    const { page, reference, refunds } = await ancvStarted('wl-ancv-stated-webhook', id);
    expect(await postWebhook(h.url, 'payment.captured', payment(id, 'CAPTURED', 9, 3_000, reference, { product: 5412 }))).toBe(200);
    const view = await page.waitFor(noneInFlight);
    await h.runWorkers();
    expect(view.attempts[0]).toMatchObject({ status: 'CAPTURED', partialAuth: 'chosen', granted: { amount: 3_000 } });
    expect(view.remaining).toMatchObject({ amount: 7_000 });
    expect(refunds).toEqual([]);
  });
});
