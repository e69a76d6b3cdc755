import nock from 'nock';
import { sessionOf } from '../refunds/refund-support';
import { navigate } from '../support/elements-client';
import { providerService } from '../support/provider-service';
import { acceptPayment, BASE, noneInFlight, P, paid, payment, WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// The whole service over HTTP, nock playing Worldline Direct refusing our API key (401, 403): our
// configuration, not an answer on the operation (D143-b).

jest.setTimeout(30_000);

const keyRefused = (status: number) => [status, { errorId: 'e', errors: [{ errorCode: '9002', id: 'MISSING_OR_INVALID_AUTHORIZATION', httpStatusCode: status, message: 'Authorization is missing or invalid' }] }] as const;

describe('Worldline Direct refusing our API key', () => {
  const service = providerService(WORLDLINE_CONTRACTS);
  const h = service.h;

  it('a capture answered 401 stays owed: sent again, then given up for the operator; the hold is never released for it', async () => {
    const id = '7960000001_0';
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'wl-key-refused-capture', methods: [{ method: 'wero' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment(id);
    const started = await page.start({ methodId: 'wero', amount: 5_000 });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    nock(BASE).get(`${P}/${id}`).reply(200, payment(id, 'PENDING_CAPTURE', 5, 5_000, reference, { category: 'PENDING_MERCHANT' }));
    const sent: string[] = [];
    nock(BASE)
      .persist()
      .post(/.*/)
      .reply((uri) => {
        sent.push(uri);
        return [...keyRefused(401)];
      });
    await navigate(`${h.url}/elements/return/${started.body.attemptId}`);
    await page.waitFor(noneInFlight);
    for (const delay of h.instance.core.policy.dispatchRetryDelaysMs) {
      h.clock.advance(delay);
      await h.runWorkers();
    }
    nock.cleanAll();

    expect(new Set(sent)).toEqual(new Set([`${P}/${id}/capture`]));
    expect(sent.length).toBeGreaterThanOrEqual(h.instance.core.policy.dispatchRetryDelaysMs.length + 1);
    expect(h.logLines.filter((l) => l.includes('psp.operation_given_up'))).toHaveLength(1);
    const session = await sessionOf(h, sessionId);
    expect(session).toMatchObject({ status: 'CAPTURING' });
    expect(session.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual([
      ['authorization', 'succeeded'],
      ['capture', 'pending'],
    ]);
  });

  it('an opening answered 403 is refused method-unavailable at once: the payer pays otherwise', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'wl-key-refused-open', methods: [{ method: 'wero' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    nock(BASE)
      .post(P)
      .reply(...keyRefused(403));
    const started = await page.start({ methodId: 'wero', amount: 5_000 });
    expect(started.body.view.attempts[0]).toMatchObject({ method: 'wero', status: 'DECLINED', declineCategory: 'method-unavailable' });
    await page.payByCard('card', 5_000);
    expect((await page.waitFor(paid)).status).toBe('PAID');
    expect((await sessionOf(h, sessionId)).attempts.map((a) => a.status)).toEqual(['DECLINED', 'CAPTURED']);
  });
});
