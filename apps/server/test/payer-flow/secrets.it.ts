import { randomBytes } from 'node:crypto';
import { createEmbeddedStores, scanForSentinels } from '@splitpay/store-embedded';
import { eventuallyFound } from '../support/eventually-found';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

describe('payer flow: payer secrets reach the PSP only', () => {
  // Embedded, so that every stored document can be scanned.
  const stores = createEmbeddedStores();
  const h = useService({ stores });

  it('sends an applepay payment token to the driver only: in no log line and no stored document', async () => {
    const paymentToken = `APPLEPAY-SENTINEL-${randomBytes(12).toString('hex')}`;
    const cardNumber = '4242424242424242';
    const { page } = await h.openPage({ currency: 'EUR', total: 9_000, orderId: 'applepay', methods: [{ method: 'applepay' }, { method: 'card' }] });

    const card = await page.payByCard('card', 4_000, cardNumber);
    await page.waitFor((v) => v.attempts[0]?.status === 'AUTHORIZED');
    expect((await page.confirm(card.body.attemptId!, paymentToken)).body.code).toBe('ConfirmNotApplicable');

    const started = await page.start({ methodId: 'applepay', amount: 5_000, input: { method: 'applepay' } });
    expect(started.status).toBe(201);
    const attemptId = started.body.attemptId!;
    expect(started.body.view.attempts[1]).toMatchObject({ method: 'applepay', status: 'AUTHORIZING' });
    expect(started.body.view.attempts[1]?.redirect).toBeUndefined();

    // The wallet's verdict is held back until the second confirm is answered: it completes the order,
    // and a PSP faster than this test (a loaded machine) ended the session first: SessionNotPending.
    h.tap.dropNext((n) => n.event === 'authorization');
    const confirmed = await page.confirm(attemptId, paymentToken);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.view.attempts[1]?.attemptId).toBe(attemptId);
    const twice = await page.confirm(attemptId, paymentToken);
    expect([twice.status, twice.body.code]).toEqual([409, 'ConfirmNotApplicable']);
    expect((await page.confirm('0190c0de-0000-7000-8000-000000000000', paymentToken)).body.code).toBe('AttemptNotFound');
    const verdict = await eventuallyFound(() => h.tap.deliveries.find((d) => !d.forwarded));
    expect((await h.tap.replay(verdict)).status).toBe(200);

    const view = await page.waitFor((v) => v.status === 'PAID');
    expect(view.attempts.map((a) => [a.method, a.status])).toEqual([
      ['card', 'CAPTURED'],
      ['applepay', 'CAPTURED'],
    ]);

    expect(h.logLines.length).toBeGreaterThan(10);
    expect(h.logLines.some((l) => l.includes('psp.attempt_confirmed'))).toBe(true);
    for (const sentinel of [paymentToken, cardNumber, page.token]) {
      expect(h.logLines.filter((l) => l.includes(sentinel))).toEqual([]);
    }
    expect(scanForSentinels(stores, [paymentToken, cardNumber, page.token])).toEqual([]);
  });
});
