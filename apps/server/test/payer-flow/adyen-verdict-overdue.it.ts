import { ManualClock } from '@splitpay/infra';
import { API_KEY, cardInput, HMAC_KEY, MERCHANT_ACCOUNT, notificationItem, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { answerPost, providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { until } from '../support/until';

// The whole service over HTTP, nock playing Adyen, the manual clock moved by hand. Adyen cannot be
// asked for an operation's status (D94): when the webhook of a capture it received never comes,
// nothing settles it, and the operator must hear of it once (docs/decisions.md D104).

jest.setTimeout(30_000);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface StoredSession {
  readonly status: string;
  readonly attempts: { attemptId: string; transactions: { transactionId: string; type: string; status: { kind: string } }[] }[];
}

describe('Adyen: a verdict that never comes is alerted once, VERDICT_OVERDUE_AFTER_MS after the PSP took the operation', () => {
  const service = providerService([{ method: 'card', provider: 'adyen', settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }], { clock: new ManualClock(Date.now()) });
  const h = service.h;

  const adyenPosts = async (items: Record<string, unknown>[]) =>
    (await fetch(`${h.url}/psp/adyen/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ live: 'false', notificationItems: items }) })).text();
  const stored = async (sessionId: string) => (await readSession(h, sessionId)).body as unknown as StoredSession;
  /** The alerts about one session (the service, its log and its clock are shared by the tests below). */
  const alerts = (sessionId: string) =>
    h.logLines.filter((l) => l.includes('psp.verdict_overdue')).map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.sessionId === sessionId);

  async function turnsAfter(ms: number): Promise<void> {
    h.clock.advance(ms);
    await h.runWorkers();
  }

  /** A card tranche authorised by webhook, covering the order: its capture is sent and Adyen answers `received`. */
  async function captureReceivedByAdyen(orderId: string, psp: string): Promise<{ sessionId: string; captureRef: string }> {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId, methods: [{ method: 'card' }] });
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference: `${psp}PAY`, merchantReference: body.reference }));
    expect((await page.start({ methodId: 'card', amount: 5_000, input: cardInput() })).status).toBe(201);
    const capture = answerPost(TEST_BASE, `/v71/payments/${psp}PAY/captures`, 201, (body) => ({ merchantAccount: MERCHANT_ACCOUNT, paymentPspReference: `${psp}PAY`, pspReference: `${psp}CAP`, reference: body.reference, status: 'received' }));
    await adyenPosts([notificationItem({ eventCode: 'AUTHORISATION', pspReference: `${psp}PAY`, merchantReference: String(payment.seen[0]?.body.reference), amount: 5_000, paymentMethod: 'visa' })]);
    const [captured] = await until(() => (capture.seen.length > 0 ? capture.seen : undefined), 'the capture at Adyen');
    await until(async () => ((await stored(sessionId)).attempts[0]!.transactions.some((t) => t.type === 'capture') ? true : undefined), 'the capture recorded');
    return { sessionId, captureRef: String(captured?.body.reference) };
  }

  it("a capture whose CAPTURE webhook never comes: one warning past the bound, none before, none again; nothing else changes", async () => {
    const { sessionId } = await captureReceivedByAdyen('overdue-capture', 'PSPOVERDUE00');
    const before = await stored(sessionId);
    expect(before.status).toBe('CAPTURING');

    await turnsAfter(59 * MINUTE);
    expect(alerts(sessionId)).toEqual([]);

    await turnsAfter(2 * MINUTE);
    const [card] = (await stored(sessionId)).attempts;
    const capture = card!.transactions.find((t) => t.type === 'capture')!;
    expect(alerts(sessionId)).toEqual([
      expect.objectContaining({
        level: 'warn',
        event: 'psp.verdict_overdue',
        sessionId,
        attemptId: card!.attemptId,
        transactionId: capture.transactionId,
        type: 'capture',
        provider: 'adyen',
        method: 'card',
        waitedMs: 61 * MINUTE,
      }),
    ]);

    // Later turns, hours and days on: the same operation is not alerted again.
    for (const wait of [MINUTE, HOUR, 24 * HOUR, 7 * 24 * HOUR]) await turnsAfter(wait);
    expect(alerts(sessionId)).toHaveLength(1);

    // The alert moved nothing: the capture is still pending, the session still CAPTURING.
    const after = await stored(sessionId);
    expect(after.status).toBe('CAPTURING');
    expect(after.attempts[0]!.transactions.map((t) => [t.type, t.status.kind])).toEqual(before.attempts[0]!.transactions.map((t) => [t.type, t.status.kind]));
    // No secret of the contract in any line.
    for (const secret of [API_KEY, HMAC_KEY]) expect(h.logLines.join('\n')).not.toContain(secret);
  });

  it('a capture whose CAPTURE webhook comes in time raises no warning', async () => {
    const { sessionId, captureRef } = await captureReceivedByAdyen('verdict-in-time', 'PSPINTIME000');
    await turnsAfter(30 * MINUTE);
    expect(await adyenPosts([notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPINTIME000CAP', originalReference: 'PSPINTIME000PAY', merchantReference: captureRef, amount: 5_000 })])).toBe('[accepted]');
    await until(async () => ((await stored(sessionId)).status === 'PAID' ? true : undefined), 'PAID');

    for (const wait of [HOUR, 24 * HOUR]) await turnsAfter(wait);
    expect(alerts(sessionId)).toEqual([]);
  });

  it('an authorisation Adyen holds pending (a redirect the payer never came back from, no webhook) is alerted once too', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: 'overdue-redirect', methods: [{ method: 'card' }], returnUrl: 'https://shop.example/back' });
    answerPost(TEST_BASE, '/v71/payments', 200, () => ({ resultCode: 'RedirectShopper', pspReference: 'PSPREDIRECT001', action: { type: 'redirect', method: 'GET', url: 'https://checkoutshopper-test.adyen.com/threeDS/redirect?MD=x', paymentMethodType: 'scheme' } }));
    const started = await page.start({ methodId: 'card', amount: 3_000, input: cardInput() });
    expect(started.status).toBe(201);

    for (const wait of [30 * MINUTE, 31 * MINUTE, HOUR, 24 * HOUR]) await turnsAfter(wait);

    const attempt = (await stored(sessionId)).attempts[0]!;
    expect(attempt.transactions[0]!.status.kind).toBe('pending');
    expect(alerts(sessionId)).toEqual([expect.objectContaining({ level: 'warn', sessionId, attemptId: started.body.attemptId, transactionId: attempt.transactions[0]!.transactionId, type: 'authorization', provider: 'adyen' })]);
  });
});
