import { itemHmac } from '@splitpay/psp-adyen';
import { API_KEY, cardInput, HMAC_KEY, notificationItem, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { answerPost, providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { until } from '../support/until';

// Adyen's webhook door over HTTP, nock playing Adyen's Checkout API, every item correctly signed: an
// item whose amount cannot be read gives no fact, is logged and counted, and never holds back the
// batch's other items nor makes the door fail (docs/decisions.md D112-c, D122).

jest.setTimeout(30_000);

interface StoredSession {
  readonly attempts: { readonly status: string }[];
}

describe('Adyen notifications whose amount cannot be read (D122)', () => {
  const service = providerService([{ method: 'card', provider: 'adyen', settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }]);
  const h = service.h;

  const adyenPosts = async (items: Record<string, unknown>[]): Promise<{ status: number; text: string }> => {
    const res = await fetch(`${h.url}/psp/adyen/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ live: 'false', notificationItems: items }) });
    return { status: res.status, text: await res.text() };
  };
  const scrape = async (): Promise<string> => (await fetch(`${h.url}/metrics`)).text();
  const counted = async (reason: string): Promise<number | undefined> => {
    const prefix = `adyen_notification_amount_unreadable_total{reason="${reason}"} `;
    const line = (await scrape()).split('\n').find((l) => l.startsWith(prefix));
    return line === undefined ? undefined : Number(line.slice(prefix.length));
  };
  const unreadableLines = (): Record<string, unknown>[] =>
    h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'adyen.notification_amount_unreadable');
  const attemptStatus = async (sessionId: string): Promise<string | undefined> => ((await readSession(h, sessionId)).body as unknown as StoredSession).attempts[0]?.status;

  /** A card payment Adyen answered `Received` as `pspReference`: its session and our transaction id (the merchant reference). */
  async function paymentReceived(orderId: string, pspReference: string, currency = 'EUR', total = 4_000): Promise<{ sessionId: string; tx: string }> {
    const { page, sessionId } = await h.openPage({ currency, total, orderId, methods: [{ method: 'card' }] });
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference, merchantReference: body.reference }));
    expect((await page.start({ methodId: 'card', amount: total, input: cardInput() })).status).toBe(201);
    return { sessionId, tx: String(payment.seen[0]?.body.reference) };
  }

  /** A good AUTHORISATION beside the bad ones: the batch's other item, applied all the same. */
  const authorised = (p: { tx: string }, pspReference: string) => notificationItem({ eventCode: 'AUTHORISATION', pspReference, merchantReference: p.tx, amount: 4_000, paymentMethod: 'visa' });

  /** An item of `fields` with `amount` in place of the fixture's (none when undefined), signed over it as Adyen signs: the signature is right. */
  function signedWithAmount(fields: Parameters<typeof notificationItem>[0], amount: unknown): Record<string, unknown> {
    const item: Record<string, unknown> = { ...(notificationItem(fields) as { NotificationRequestItem: Record<string, unknown> }).NotificationRequestItem };
    delete item.additionalData;
    if (amount === undefined) delete item.amount;
    else item.amount = amount;
    return { NotificationRequestItem: { ...item, additionalData: { hmacSignature: itemHmac(item as Parameters<typeof itemHmac>[0], HMAC_KEY) } } };
  }

  it('a successful AUTHORISATION without amount: acknowledged with its batch, no grant, logged (reason missing, no secret) and counted', async () => {
    expect(await counted('missing')).toBe(0);
    const bare = await paymentReceived('no-amount', 'PSPNOAMOUNT0001');
    const other = await paymentReceived('no-amount-other', 'PSPNOAMOUNT0002');

    const amountless = signedWithAmount({ eventCode: 'AUTHORISATION', pspReference: 'PSPNOAMOUNT0001', merchantReference: bare.tx, amount: 0, paymentMethod: 'visa' }, undefined);
    const signature = String((amountless as { NotificationRequestItem: { additionalData: { hmacSignature: string } } }).NotificationRequestItem.additionalData.hmacSignature);
    const answer = await adyenPosts([amountless, authorised(other, 'PSPNOAMOUNT0002')]);

    expect(answer).toEqual({ status: 200, text: '[accepted]' });
    await until(async () => ((await attemptStatus(other.sessionId)) === 'AUTHORIZED' ? true : undefined), 'the other item applied');
    expect(await attemptStatus(bare.sessionId)).toBe('AUTHORIZING');
    expect(unreadableLines()).toEqual([expect.objectContaining({ level: 'warn', reason: 'missing', eventCode: 'AUTHORISATION', pspReference: 'PSPNOAMOUNT0001', transactionId: bare.tx })]);
    expect(await counted('missing')).toBe(1);
    const logged = h.logLines.join('\n');
    for (const secret of [HMAC_KEY, API_KEY, signature, 'hmacSignature']) expect(logged).not.toContain(secret);
  });

  it.each([
    ['a fraction', 10.5, 'PSPFRACTION0001'],
    ['a string', '1000', 'PSPSTRING000001'],
    ['beyond a safe integer', 1e21, 'PSPHUGE00000001'],
  ])('an amount.value that is %s: refused cleanly (no 500), the batch\'s other item applied, logged and counted as malformed', async (_what, value, pspReference) => {
    const before = (await counted('malformed')) ?? 0;
    const odd = await paymentReceived(`malformed-${pspReference}`, pspReference);
    const other = await paymentReceived(`malformed-other-${pspReference}`, `${pspReference}B`);

    const answer = await adyenPosts([signedWithAmount({ eventCode: 'AUTHORISATION', pspReference, merchantReference: odd.tx, amount: 0, paymentMethod: 'visa' }, { value, currency: 'EUR' }), authorised(other, `${pspReference}B`)]);

    expect(answer).toEqual({ status: 200, text: '[accepted]' });
    await until(async () => ((await attemptStatus(other.sessionId)) === 'AUTHORIZED' ? true : undefined), 'the other item applied');
    expect(await attemptStatus(odd.sessionId)).toBe('AUTHORIZING');
    expect(unreadableLines().filter((l) => l.pspReference === pspReference)).toEqual([expect.objectContaining({ level: 'warn', reason: 'malformed', eventCode: 'AUTHORISATION', transactionId: odd.tx, currency: 'EUR', value })]);
    expect(await counted('malformed')).toBe(before + 1);
  });

  it("Adyen's unreadable grant (CLP 5000.50, D112-c) is counted too, its series there at 0 from the start", async () => {
    expect(await counted('iso-minor-unit')).toBe(0);
    const clp = await paymentReceived('clp-cents', 'PSPCLPCENTS0001', 'CLP', 5_000);

    const answer = await adyenPosts([notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPCLPCENTS0001', merchantReference: clp.tx, amount: 500_050, currency: 'CLP', paymentMethod: 'visa' })]);

    expect(answer).toEqual({ status: 200, text: '[accepted]' });
    expect(unreadableLines().filter((l) => l.pspReference === 'PSPCLPCENTS0001')).toEqual([expect.objectContaining({ level: 'warn', reason: 'iso-minor-unit', currency: 'CLP', value: 500_050 })]);
    expect(await counted('iso-minor-unit')).toBe(1);
    expect(await attemptStatus(clp.sessionId)).toBe('AUTHORIZING');
  });
});
