import { API_KEY, cardInput, HMAC_KEY, notificationItem, SETTINGS, TEST_BASE } from '@splitpay/psp-adyen/src/testing/adyen-fixtures';
import { answerPost, providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { until } from '../support/until';

// Adyen's webhook door over HTTP, nock playing Adyen's Checkout API, every item correctly signed: an
// AUTHORISATION in another currency than its payment's is no verdict. The door does not fail (a 500
// would have Adyen resend the whole batch for 30 days, its other items held back with it): the item
// is logged at error with its references, the batch acknowledged and its other items applied
// (docs/decisions.md D125-b). A `/payments` answer granting in another currency is refused the same
// way, by the service's check alone (the driver passes the grant on as stated: D132, D152-d).

jest.setTimeout(30_000);

interface ReadSession {
  readonly status: string;
  readonly attempts: { readonly status: string; readonly granted?: unknown }[];
}

describe('Adyen AUTHORISATION in another currency (D125-b, D132)', () => {
  const service = providerService([{ method: 'card', provider: 'adyen', settings: { ...SETTINGS, merchantIdentifier: undefined, displayName: undefined } }]);
  const h = service.h;

  const adyenPosts = async (items: Record<string, unknown>[]): Promise<{ status: number; text: string }> => {
    const res = await fetch(`${h.url}/psp/adyen/notifications`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ live: 'false', notificationItems: items }) });
    return { status: res.status, text: await res.text() };
  };
  const read = async (sessionId: string): Promise<ReadSession> => (await readSession(h, sessionId)).body as unknown as ReadSession;
  const lines = (event: string): Record<string, unknown>[] => h.logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === event);

  async function paymentReceived(orderId: string, pspReference: string): Promise<{ sessionId: string; tx: string }> {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId, methods: [{ method: 'card' }] });
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({ resultCode: 'Received', pspReference, merchantReference: body.reference }));
    expect((await page.start({ methodId: 'card', amount: 5_000, input: cardInput() })).status).toBe(201);
    return { sessionId, tx: String(payment.seen[0]?.body.reference) };
  }

  it('a grant in USD for a EUR payment: accepted with its batch, no grant, the other item applied, an error line with its references', async () => {
    const odd = await paymentReceived('grant-usd', 'PSPGRANTUSD0001');
    const other = await paymentReceived('grant-usd-other', 'PSPGRANTEUR0001');

    const answer = await adyenPosts([
      notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPGRANTUSD0001', merchantReference: odd.tx, amount: 5_000, currency: 'USD', paymentMethod: 'visa' }),
      notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPGRANTEUR0001', merchantReference: other.tx, amount: 5_000, paymentMethod: 'visa' }),
    ]);

    expect(answer).toEqual({ status: 200, text: '[accepted]' });
    await until(async () => ((await read(other.sessionId)).attempts[0]?.status === 'AUTHORIZED' ? true : undefined), 'the other item applied');
    const session = await read(odd.sessionId);
    expect(session.attempts[0]?.status).toBe('AUTHORIZING');
    expect(session.attempts[0]?.granted).toEqual({ amount: 0, currency: 'EUR' });
    expect(lines('psp.grant_currency_mismatch')).toEqual([
      expect.objectContaining({ level: 'error', provider: 'adyen', fact: 'authorized', transactionId: odd.tx, providerRef: 'PSPGRANTUSD0001', sessionId: odd.sessionId, grantedCurrency: 'USD', askedCurrency: 'EUR' }),
    ]);
    expect(lines('http.unexpected_error')).toEqual([]);
    const logged = h.logLines.join('\n');
    for (const secret of [HMAC_KEY, API_KEY]) expect(logged).not.toContain(secret);
  });

  it("a card payment Adyen answers Authorised in USD for a EUR payment: the start answered, no grant, the service's error line (D132, D152-d)", async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'grant-usd-answer', methods: [{ method: 'card' }] });
    const payment = answerPost(TEST_BASE, '/v71/payments', 200, (body) => ({
      resultCode: 'Authorised',
      pspReference: 'PSPGRANTUSD0003',
      merchantReference: body.reference,
      additionalData: { authorisedAmountValue: '5000', authorisedAmountCurrency: 'USD', paymentMethod: 'visa' },
    }));
    expect((await page.start({ methodId: 'card', amount: 5_000, input: cardInput() })).status).toBe(201);
    const session = await read(sessionId);
    expect(session.attempts[0]?.status).toBe('AUTHORIZING');
    expect(session.attempts[0]?.granted).toEqual({ amount: 0, currency: 'EUR' });
    expect(lines('psp.grant_currency_mismatch')).toContainEqual(
      expect.objectContaining({ level: 'error', provider: 'adyen', source: 'open', transactionId: String(payment.seen[0]?.body.reference), sessionId, grantedCurrency: 'USD', askedCurrency: 'EUR' }),
    );
    expect(lines('http.unexpected_error')).toEqual([]);
  });

  it('the same item sent again is answered the same (Adyen stops resending), still no grant', async () => {
    const odd = await paymentReceived('grant-usd-again', 'PSPGRANTUSD0002');
    const item = notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPGRANTUSD0002', merchantReference: odd.tx, amount: 5_000, currency: 'USD', paymentMethod: 'visa' });
    expect(await adyenPosts([item])).toEqual({ status: 200, text: '[accepted]' });
    expect(await adyenPosts([item])).toEqual({ status: 200, text: '[accepted]' });
    expect((await read(odd.sessionId)).attempts[0]?.status).toBe('AUTHORIZING');
  });
});
