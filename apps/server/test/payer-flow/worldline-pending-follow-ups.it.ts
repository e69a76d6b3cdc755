import nock from 'nock';
import { refundDoors, refundsOf, sessionOf } from '../refunds/refund-support';
import { navigate } from '../support/elements-client';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { acceptPayment, BASE, noneInFlight, P, paid, payment, WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// The whole service over HTTP, nock playing Worldline Direct. Worldline answers a Wero capture
// CAPTURE_REQUESTED (91) or a refund REFUND_REQUESTED (81) and never sends the webhook that would end
// it: the session worker looks the operation up in the payment's captures or refunds (docs/decisions.md
// D89, D94). And a Wero hold Worldline reads PENDING_APPROVAL, authorized, is held (D94-c).

jest.setTimeout(30_000);

const MIN = 60_000;

describe('Worldline Direct: a capture or refund answered without its verdict, no webhook ever', () => {
  const service = providerService(WORLDLINE_CONTRACTS);
  const h = service.h;

  async function turns(count: number, everyMs: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      h.clock.advance(everyMs);
      await h.runWorkers();
    }
  }

  /** A session of `total` paid by a Wero hold alone: the payer approves, comes back to `status`; covered, the capture is sent. */
  async function weroHold(orderId: string, id: string, total: number, back: { status: string; code: number; isAuthorized?: boolean }, captureAnswer: { status: string; code: number }) {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total, orderId, methods: [{ method: 'wero' }], returnUrl: 'https://shop.example/back' });
    const created = acceptPayment(id);
    const started = await page.start({ methodId: 'wero', amount: total });
    const reference = ((await created).body as { order: { references: { merchantReference: string } } }).order.references.merchantReference;
    const opening = payment(id, back.status, back.code, total, reference, { category: 'PENDING_MERCHANT' });
    const read = { ...opening, statusOutput: { ...(opening.statusOutput as object), ...(back.isAuthorized !== undefined ? { isAuthorized: back.isAuthorized } : {}) } };
    nock(BASE).get(`${P}/${id}`).reply(200, read);
    const captureId = id.replace(/_0$/, '_1');
    const capture = nock(BASE)
      .post(`${P}/${id}/capture`)
      .reply(201, { id: captureId, status: captureAnswer.status, statusOutput: { statusCode: captureAnswer.code }, captureOutput: { amountOfMoney: { amount: total, currencyCode: 'EUR' }, paymentMethod: 'redirect' } });
    await navigate(`${h.url}/elements/return/${started.body.attemptId}`);
    await page.waitFor(noneInFlight);
    return { page, sessionId, reference, captureId, capture };
  }

  it('a hold Worldline reads PENDING_APPROVAL with isAuthorized true is held, captured and PAID', async () => {
    const { page, sessionId, capture } = await weroHold('wl-approval', '7500000001_0', 6_000, { status: 'PENDING_APPROVAL', code: 5, isAuthorized: true }, { status: 'CAPTURED', code: 9 });
    expect((await page.waitFor(paid)).attempts).toMatchObject([{ method: 'wero', status: 'CAPTURED', granted: { amount: 6_000 } }]);
    expect(capture.isDone()).toBe(true);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 6_000 } });
  });

  it('a capture answered CAPTURE_REQUESTED: looked up in the payment captures, still 91, then CAPTURED: PAID without the webhook', async () => {
    const { sessionId, captureId, capture } = await weroHold('wl-capture-91', '7500000002_0', 6_000, { status: 'PENDING_CAPTURE', code: 5 }, { status: 'CAPTURE_REQUESTED', code: 91 });
    expect(capture.isDone()).toBe(true);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'CAPTURING' });
    const statuses: [string, number][] = [['CAPTURE_REQUESTED', 91], ['CAPTURED', 9]];
    let reads = 0;
    nock(BASE)
      .persist()
      .get(`${P}/7500000002_0/captures`)
      .reply(() => {
        const [status, statusCode] = statuses[Math.min(reads++, statuses.length - 1)]!;
        return [200, { captures: [{ id: captureId, status, statusOutput: { statusCode }, captureOutput: { amountOfMoney: { amount: 6_000, currencyCode: 'EUR' }, paymentMethod: 'redirect' } }] }];
      });

    await turns(1, 11 * MIN);
    expect([reads, (await readSession(h, sessionId)).body.status]).toEqual([1, 'CAPTURING']);
    await turns(1, 30 * MIN);

    const s = await sessionOf(h, sessionId);
    expect(reads).toBe(2);
    expect((await readSession(h, sessionId)).body).toMatchObject({ status: 'PAID', captured: { amount: 6_000 } });
    expect(s.attempts[0]!.transactions.map((t) => [t.type, t.status.kind, t.status.statusCode])).toEqual([
      ['authorization', 'succeeded', '5'],
      ['capture', 'succeeded', '9'],
    ]);
  });

  it('a refund answered REFUND_REQUESTED: found REFUNDED in the payment refunds, the next refund is taken; one found REJECTED frees its amount', async () => {
    const { sessionId, reference, page } = await weroHold('wl-refund-81', '7500000003_0', 6_000, { status: 'PENDING_CAPTURE', code: 5 }, { status: 'CAPTURED', code: 9 });
    await page.waitFor(paid);
    const attemptId = (await sessionOf(h, sessionId)).attempts[0]!.attemptId;
    const refundAnswer = (id: string, status: string, statusCode: number, amount: number, ours: string) => ({
      id,
      status,
      statusOutput: { statusCode },
      refundOutput: { amountOfMoney: { amount, currencyCode: 'EUR' }, operationReferences: { merchantReference: ours }, references: { merchantReference: reference } },
    });
    const sent: string[] = [];
    nock(BASE)
      .post(`${P}/7500000003_0/refund`)
      .times(2)
      .reply((_uri, body) => {
        const ours = (body as { operationReferences: { merchantReference: string } }).operationReferences.merchantReference;
        sent.push(ours);
        return [201, refundAnswer(`7500000003_${sent.length + 1}`, 'REFUND_REQUESTED', 81, (body as { amountOfMoney: { amount: number } }).amountOfMoney.amount, ours)];
      });
    const refund = async (amount: number) => refundDoors(h).attempt(attemptId, { token: await h.clientToken(), body: { amount } });

    expect((await refund(2_000)).status).toBeLessThan(300);
    await turns(1, MIN);
    expect(sent).toHaveLength(1);
    expect((await refund(1_000)).status).toBe(409); // RefundInFlight while Worldline has not said

    nock(BASE).get(`${P}/7500000003_0/refunds`).reply(200, { refunds: [refundAnswer('7500000003_2', 'REFUNDED', 8, 2_000, sent[0]!)] });
    await turns(1, 11 * MIN);
    const refunded = await sessionOf(h, sessionId);
    expect(refundsOf(refunded.attempts[0]!).map((t) => [t.amount.amount, t.status.kind, t.status.statusCode])).toEqual([[2_000, 'succeeded', '8']]);

    expect((await refund(4_000)).status).toBeLessThan(300);
    await turns(1, MIN);
    expect(sent).toHaveLength(2);
    nock(BASE).get(`${P}/7500000003_0/refunds`).reply(200, { refunds: [refundAnswer('7500000003_2', 'REFUNDED', 8, 2_000, sent[0]!), refundAnswer('7500000003_3', 'REJECTED', 83, 4_000, sent[1]!)] });
    await turns(1, 11 * MIN);
    const after = await sessionOf(h, sessionId);
    expect(refundsOf(after.attempts[0]!).map((t) => [t.amount.amount, t.status.kind, t.status.statusCode])).toEqual([
      [2_000, 'succeeded', '8'],
      [4_000, 'failed', '83'],
    ]);
    expect(after.attempts[0]).toMatchObject({ refunded: { amount: 2_000 }, refundable: { amount: 4_000 } });
  });
});
