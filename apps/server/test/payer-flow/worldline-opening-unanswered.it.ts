import nock from 'nock';
import { sessionOf } from '../refunds/refund-support';
import { providerService } from '../support/provider-service';
import { BASE, P, paid, WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// The whole service over HTTP, nock playing Worldline Direct: the opening's POST /payments gets no
// answer (503). No payer was sent to approve anything, so the overdue lookup declines the attempt
// (method-unavailable) instead of leaving it AUTHORIZING for the whole session (D143-c).

const MINUTE = 60_000;

describe('Worldline Direct: an opening never answered', () => {
  const service = providerService(WORLDLINE_CONTRACTS);
  const h = service.h;

  it('is declined method-unavailable by its overdue lookup, nothing sent again; the card pays', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'wl-open-unanswered', methods: [{ method: 'wero' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const keys: string[] = [];
    nock(BASE)
      .persist()
      .post(P)
      .reply(function () {
        keys.push(String(this.req.headers['x-gcs-idempotence-key']));
        return [503, {}];
      });
    const gets = nock(BASE).get(/.*/).reply(200, {});
    const started = await page.start({ methodId: 'wero', amount: 2_000 });
    expect([started.status, started.body.code]).toEqual([500, 'InternalError']);
    expect((await page.view()).body.view.attempts[0]).toMatchObject({ method: 'wero', status: 'AUTHORIZING' });

    for (let turn = 0; turn < 15 && (await page.view()).body.view.attempts[0]?.status === 'AUTHORIZING'; turn++) {
      h.clock.advance(MINUTE);
      await h.runWorkers();
    }
    const view = (await page.view()).body.view;
    expect(view.attempts[0]).toMatchObject({ method: 'wero', status: 'DECLINED', declineCategory: 'method-unavailable' });
    expect(view.status).toBe('PENDING');
    expect(keys).toHaveLength(1);
    expect(gets.isDone()).toBe(false);
    nock.cleanAll();

    await page.payByCard('card', 5_000);
    expect((await page.waitFor(paid)).status).toBe('PAID');
    expect((await sessionOf(h, sessionId)).attempts.map((a) => a.status)).toEqual(['DECLINED', 'CAPTURED']);
  });
});
