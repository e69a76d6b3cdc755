import nock from 'nock';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { acceptPayment, BASE, noneInFlight, P, paid, payment, postWebhook as postWebhookTo, WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// A direct payment at Worldline (ANCV, Wero under a `payment` contract) is only taken once Worldline
// collected it: CAPTURE_REQUESTED (91) is still pending, REJECTED_CAPTURE (93) declines it (D86).
describe('Worldline Direct: a direct payment still being collected', () => {
  const service = providerService(WORLDLINE_CONTRACTS);
  const h = service.h;
  const postWebhook = (type: string, object: Record<string, unknown>): Promise<number> => postWebhookTo(h.url, type, object);
  const referenceOf = async (sent: Promise<{ body: Record<string, unknown> }>): Promise<string> =>
    ((await sent).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;

  it('ANCV: capture requested with nothing acquired leaves the attempt AUTHORIZING; the refused capture declines it; the card then pays', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 10_000, orderId: 'wl-ancv-91-93', methods: [{ method: 'ancv' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment('7400000001_0');
    expect((await page.start({ methodId: 'ancv', amount: 10_000 })).status).toBe(201);
    const reference = await referenceOf(created);

    const requested = payment('7400000001_0', 'CAPTURE_REQUESTED', 91, 10_000, reference, { category: 'PENDING_CONNECT_OR_3RD_PARTY', acquired: 0, product: 5412 });
    expect(await postWebhook('payment.capture_requested', requested)).toBe(200);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PENDING', captured: { amount: 0 }, attempts: [{ method: 'ancv', status: 'AUTHORIZING' }] });

    // The overdue lookup finds Worldline still collecting: nothing changes, it looks again later.
    nock(BASE).get(`${P}/7400000001_0`).reply(200, requested);
    h.clock.advance(60_000);
    await h.runWorkers();
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PENDING', attempts: [{ status: 'AUTHORIZING' }] });

    const refused = payment('7400000001_0', 'REJECTED_CAPTURE', 93, 10_000, reference, { category: 'UNSUCCESSFUL', acquired: 0, product: 5412 });
    expect(await postWebhook('payment.rejected_capture', refused)).toBe(200);
    const declined = await page.waitFor(noneInFlight);
    expect(declined).toMatchObject({ status: 'PENDING', remaining: { amount: 10_000 }, attempts: [{ method: 'ancv', status: 'DECLINED', granted: { amount: 0 } }] });
    expect((await readSession(h, sessionId)).body).toMatchObject({ captured: { amount: 0 }, attempts: [{ transactions: [{ type: 'payment', status: { kind: 'failed', statusCode: '93' } }] }] });

    await page.payByCard('card', 10_000);
    expect((await page.waitFor(paid)).attempts.map((a) => [a.method, a.status])).toEqual([
      ['ancv', 'DECLINED'],
      ['card', 'CAPTURED'],
    ]);
  });

  it('Wero as a direct payment: a notification lost at CAPTURE_REQUESTED, the overdue lookups read it collected, PAID', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 6_000, orderId: 'wl-wero-91-9', methods: [{ method: 'wero' }], paymentMethodFilters: { channel: 'kiosk' }, returnUrl: 'https://shop.example/back' });
    const created = acceptPayment('7400000002_0');
    await page.start({ methodId: 'wero', amount: 6_000 });
    const reference = await referenceOf(created);
    expect((await created).body).toMatchObject({ redirectPaymentMethodSpecificInput: { paymentProductId: 900, requiresApproval: false } });

    nock(BASE).get(`${P}/7400000002_0`).reply(200, payment('7400000002_0', 'CAPTURE_REQUESTED', 91, 6_000, reference, { category: 'PENDING_CONNECT_OR_3RD_PARTY' }));
    h.clock.advance(60_000);
    await h.runWorkers();
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PENDING', captured: { amount: 0 }, attempts: [{ status: 'AUTHORIZING' }] });

    const looked = new Promise<void>((resolve) => {
      nock(BASE)
        .get(`${P}/7400000002_0`)
        .reply(() => {
          resolve();
          return [200, payment('7400000002_0', 'CAPTURED', 9, 6_000, reference)];
        });
    });
    h.clock.advance(600_000);
    await h.runWorkers();
    await looked;
    expect((await page.waitFor(paid)).attempts).toMatchObject([{ method: 'wero', operation: 'payment', status: 'CAPTURED', granted: { amount: 6_000 } }]);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 6_000 } });
  });
});
