import { useChargebackReceiverService } from '../support/chargeback-receiver-service';
import { contactTokens } from '../support/dashboard-login';
import { ElementsClient } from '../support/elements-client';
import { SHOP, SHOP_ADMIN } from '../support/merchants.fixture';
import { until } from '../support/until';
import { documentExample } from './document-examples';
import { shapeOf } from './json-shape';

jest.setTimeout(60_000);

type Json = Record<string, unknown>;
interface Answer {
  readonly status: number;
  readonly body: Json;
}
interface Tranche {
  attemptId: string;
  granted: { amount: number };
  cardScheme?: string;
  transactions: { transactionId: string; type: string; providerRef: string; status: { kind: string } }[];
}

/**
 * The document's main examples are what the running service answers and sends: a 100.00 EUR order
 * paid card 60.00 then card 40.00 on the fake PSP over real HTTP, then read, searched, refunded,
 * replayed and disputed (the webhook, then the session's chargebacks read). Each live body has exactly its example's shape (same keys at every depth,
 * same array lengths, same JSON types); values may differ (ids, instants, PSP references).
 */
describe('the OpenAPI examples, produced by the running service', () => {
  const service = useChargebackReceiverService();
  const { receiver } = service;
  let token: string;
  let sessionId: string;
  let tranches: Tranche[];

  async function api(method: 'GET' | 'POST', path: string, options: { body?: unknown; bearer?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    const res = await fetch(`${service.h.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${options.bearer ?? token}`, ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...options.headers },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  const tokenRequest = (form: Record<string, string>) =>
    fetch(`${service.h.url}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

  /** The live answer has the example's status and shape. */
  function expectExample(live: Answer, status: number, example: unknown): void {
    expect(live.status).toBe(status);
    expect(shapeOf(live.body)).toEqual(shapeOf(example));
  }

  const webhookTo = (path: string) => until(() => receiver.callsTo(path).map((c) => JSON.parse(c.body) as Json)[0], `a call to ${path}`);

  it('issues a token for the client_credentials example (the merchant credentials swapped in)', async () => {
    const example = documentExample<Record<string, string>>('requestToken', 'request', 'clientSecretPost');
    const res = await tokenRequest({ ...example, client_id: SHOP.merchantId, client_secret: SHOP.secret });
    const body = (await res.json()) as Json;
    expectExample({ status: res.status, body }, 200, documentExample('requestToken', '200', 'clientCredentials'));
    token = body.access_token as string;
    const refused = await tokenRequest({ ...example, client_id: SHOP.merchantId, client_secret: 'not-the-secret' });
    expect({ status: refused.status, body: await refused.json() }).toEqual({ status: 401, body: documentExample('requestToken', '401', 'invalidClient') });
  });

  it('creates the example order, pays it card 60.00 then card 40.00, and reads it PAID as the session example', async () => {
    const request = documentExample('createSession', 'request', 'cardOrder');
    const created = await api('POST', '/api/sessions', { body: { ...request, notificationUrl: receiver.url('/hooks') } });
    expectExample(created, 201, documentExample('createSession', '201', 'created'));
    sessionId = created.body.sessionId as string;

    const page = new ElementsClient(service.h.url, created.body.elementsToken as string);
    await page.payByCard('card', 6_000);
    await page.waitFor((v) => v.attempts.length === 1 && v.attempts[0]?.status === 'AUTHORIZED');
    await page.payByCard('card', 4_000, '5555555555554444');
    await page.waitFor((v) => v.status === 'PAID');
    await service.h.runWorkers();

    const read = await api('GET', `/api/sessions/${sessionId}`);
    const example = documentExample<{ attempts: Tranche[] }>('getSession', '200', 'paidInTwoTranches');
    expectExample(read, 200, example);
    tranches = read.body.attempts as Tranche[];
    const story = (attempts: Tranche[]) => attempts.map((a) => [a.granted.amount, a.cardScheme, a.transactions.map((t) => t.type)]);
    expect(story(tranches)).toEqual(story(example.attempts));
    expect(read.body).toMatchObject({ status: 'PAID', captured: { amount: 10_000, currency: 'EUR' } });
  });

  it('sends the session-ended webhook of the example', async () => {
    const body = await webhookTo('/hooks');
    expect(shapeOf(body)).toEqual(shapeOf(documentExample('sessionEndedWebhook', 'request', 'paidInTwoTranches')));
    expect(body).toMatchObject({ event: 'session-ended', notificationId: `${sessionId}:PAID`, status: 'PAID' });
  });

  it('answers the searches, with the cursor of the next page, and the reads of a tranche and an operation as the examples', async () => {
    expectExample(await api('GET', '/api/sessions?orderId=order-42'), 200, documentExample('searchSessions', '200', 'byOrder'));
    const attempts = await api('GET', '/api/attempts?orderId=order-42');
    expectExample(attempts, 200, documentExample('searchAttempts', '200', 'byOrder'));
    expect((attempts.body.attempts as { attempt: Tranche }[]).map((a) => a.attempt.granted.amount)).toEqual([4_000, 6_000]);
    const page = await api('GET', '/api/transactions?limit=1');
    expectExample(page, 200, documentExample('searchTransactions', '200', 'firstPage'));
    // A cursor of the transaction search, carried to another search of transactions (other filters).
    const foreign = await api('GET', `/api/transactions?orderId=order-42&cursor=${encodeURIComponent(page.body.nextCursor as string)}`);
    expect(foreign).toEqual({ status: 400, body: documentExample('searchTransactions', '400', 'foreignCursor') });

    expectExample(await api('GET', `/api/attempts/${tranches[0]!.attemptId}`), 200, documentExample('getAttempt', '200', 'firstTranche'));
    const capture40 = tranches[1]!.transactions.find((t) => t.type === 'capture')!;
    expectExample(await api('GET', `/api/transactions/${capture40.transactionId}`), 200, documentExample('getTransaction', '200', 'capture'));
  });

  it('records the 15.00 slice of the example, refuses 90.00 of the 40.00 tranche, then refunds what remains of the session', async () => {
    const slice = await api('POST', `/api/attempts/${tranches[0]!.attemptId}/refund`, {
      body: documentExample('refundAttempt', 'request', 'slice'),
      headers: { 'idempotency-key': 'order-42-refund-1' },
    });
    expectExample(slice, 202, documentExample('refundAttempt', '202', 'pending'));
    const tooMuch = await api('POST', `/api/attempts/${tranches[1]!.attemptId}/refund`, { body: { amount: 9_000 } });
    expect(tooMuch).toEqual({ status: 422, body: documentExample('refundAttempt', '422', 'exceedsRefundable') });

    // The slice's verdict arrives out-of-band; the session refund waits for it (one refund in flight per tranche).
    await until(async () => {
      const attempt = await api('GET', `/api/attempts/${tranches[0]!.attemptId}`);
      return (attempt.body.attempt as Tranche).transactions.some((t) => t.type === 'refund' && t.status.kind !== 'pending') || undefined;
    }, 'the verdict of the 15.00 refund');
    expectExample(await api('POST', `/api/sessions/${sessionId}/refund`), 202, documentExample('refundSession', '202', 'whatRemains'));
  });

  it('replays the notification and tells who calls, as the examples', async () => {
    const admin = (await contactTokens(service.h.app, SHOP_ADMIN)).accessToken;
    expectExample(await api('POST', `/api/sessions/${sessionId}/notification`, { bearer: admin }), 202, documentExample('replaySessionNotification', '202', 'armed'));
    expectExample(await api('GET', '/api/me'), 200, documentExample('getMe', '200', 'client'));
    expectExample(await api('GET', '/api/me', { bearer: admin }), 200, documentExample('getMe', '200', 'contact'));
  });

  it('refuses with the error envelopes of the examples, code and message', async () => {
    const request = documentExample('createSession', 'request', 'cardOrder');
    expect(await api('POST', '/api/sessions', { body: { ...request, colour: 'red' } })).toEqual({ status: 400, body: documentExample('createSession', '400', 'undeclaredProperty') });
    expect(await api('GET', '/api/me', { bearer: 'not-a-token' })).toEqual({ status: 401, body: documentExample('getMe', '401', 'unauthorized') });
    expect(await api('GET', '/api/sessions/0194a3c2-5e10-7b3d-8c41-2f6e9a1d0bff')).toEqual({ status: 404, body: documentExample('getSession', '404', 'notFound') });
    expect(await api('GET', `/api/sessions/${sessionId}?expand=attempts`)).toEqual({ status: 400, body: documentExample('getSession', '400', 'undeclaredQueryParameter') });
    expect(await api('GET', '/api/me?expand=attempts')).toEqual({ status: 400, body: documentExample('getMe', '400', 'undeclaredQueryParameter') });
  });

  it('sends the chargeback webhook of the example when the PSP disputes the 60.00 capture', async () => {
    const example = documentExample('chargebackWebhook', 'request', 'opened');
    const capture60 = tranches[0]!.transactions.find((t) => t.type === 'capture')!;
    const raised = await fetch(`${service.h.url}/fake-psp/chargebacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ providerRef: capture60.providerRef, amount: 6_000, date: example.date, reasonCode: example.reasonCode }),
    });
    expect(raised.status).toBe(202);
    const body = await until(async () => {
      await service.h.runWorkers();
      return receiver.callsTo('/chargebacks').map((c) => JSON.parse(c.body) as Json)[0];
    }, 'the chargeback webhook');
    expect(shapeOf(body)).toEqual(shapeOf(example));
    const { notificationId: _n, sessionId: _s, attemptId: _a, transactionId: _t, providerRef: _p, ...story } = example;
    expect(body).toMatchObject({ ...story, sessionId, attemptId: tranches[0]!.attemptId, transactionId: capture60.transactionId });
    expectExample(await api('GET', `/api/sessions/${sessionId}/chargebacks`), 200, documentExample('getSessionChargebacks', '200', 'disputed'));
  });
});
