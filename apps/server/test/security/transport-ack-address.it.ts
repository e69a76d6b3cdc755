import type { Session } from '@splitpay/domain';
import { acknowledge, WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { type AccountTokens, call, seededSession, startAccountService } from '../support/merchant-api-calls';
import type { ServiceHarness } from '../support/service-harness';

/**
 * Transport failures stored before their ack message stopped naming the PSP's address (an older
 * instance wrote the error's text as it came): every read door and the webhook serve only the
 * failure's code and what it means.
 */
const REFUSED = 'ECONNREFUSED: connect ECONNREFUSED 10.20.30.40:38517';
const NOT_FOUND = 'ENOTFOUND: getaddrinfo ENOTFOUND psp.internal.example';
const NO_CODE = 'timeout of 15000ms exceeded calling https://psp.internal.example/v1/payments';
const STACK = 'ECONNRESET: socket hang up\n    at TLSSocket.socketOnEnd (node:_http_client:524:23)';
/** As transport messages are written now: served as stored. */
const ADDRESSLESS = 'ECONNREFUSED: no answer from Adyen (connection refused)';
const ADDRESS_PARTS = ['10.20.30.40', '38517', 'psp.internal', 'https://', '_http_client', 'TLSSocket'];

const noAddress = (text: string): void => {
  for (const part of ADDRESS_PARTS) expect(text).not.toContain(part);
};

describe('a transport failure stored with its address, read back', () => {
  let h: ServiceHarness;
  let tokens: AccountTokens;
  let session: Session;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    receiver.script = () => acknowledge;
    ({ h, tokens } = await startAccountService());
    const seeded = seededSession(h, 'acme', { createdAt: h.clock.now(), transactions: 2 });
    const attempt = seeded.attempts[0]!;
    const [auth, capture] = attempt.transactions as [Session['attempts'][0]['transactions'][0], Session['attempts'][0]['transactions'][0]];
    const eur = attempt.requested;
    const transport = (message: string) => ({ ack: { message } });
    const voided = {
      ...attempt,
      id: h.ids.newId(),
      status: 'AUTHORIZING',
      granted: { ...eur, amount: 0 },
      transactions: [
        { ...auth, id: h.ids.newId(), providerRef: undefined, status: { kind: 'pending' }, ...transport(REFUSED) },
        { ...auth, id: h.ids.newId(), type: 'void', providerRef: undefined, status: { kind: 'pending' }, ...transport(NOT_FOUND) },
      ],
    };
    session = {
      ...seeded,
      status: 'PAID',
      notification: { url: receiver.url('/hooks/transport') },
      attempts: [
        {
          ...attempt,
          transactions: [
            auth,
            { ...capture, status: { kind: 'pending' }, ...transport(NO_CODE) },
            { ...capture, id: h.ids.newId(), type: 'refund', status: { kind: 'pending' }, ...transport(STACK) },
            { ...capture, id: h.ids.newId(), type: 'refund', status: { kind: 'pending' }, ...transport(ADDRESSLESS) },
          ],
        },
        voided,
      ],
    } as unknown as Session;
    await h.stores.sessions.insert(session);
  }, 60_000);
  afterAll(() => receiver.stop());

  const get = async (url: string) => {
    const res = await call(h.app, 'get', url, { token: tokens.acme });
    expect(res.status).toBe(200);
    return res;
  };

  it('GET /api/sessions/{id} serves each operation the code and what it means, never a host, port, path or stack', async () => {
    const res = await get(`/api/sessions/${session.id}`);
    noAddress(res.text);
    const messages = (res.body.attempts as { transactions: { type: string; ackMessage?: string; ackHttpStatus?: number }[] }[]).flatMap((a) =>
      a.transactions.map((t) => [t.type, t.ackMessage, t.ackHttpStatus]),
    );
    expect(messages).toEqual([
      ['authorization', undefined, undefined],
      ['capture', 'no answer from the PSP', undefined],
      ['refund', 'ECONNRESET: no answer from the PSP (connection reset)', undefined],
      ['refund', ADDRESSLESS, undefined],
      ['authorization', 'ECONNREFUSED: no answer from the PSP (connection refused)', undefined],
      ['void', 'ENOTFOUND: no answer from the PSP (host name not found)', undefined],
    ]);
  });

  it('the searches and the attempt and transaction reads say no more', async () => {
    const ids = session.attempts.flatMap((a) => a.transactions.map((t) => t.id));
    const reads = [
      `/api/sessions?orderId=${session.orderId}`,
      `/api/attempts?sessionId=${session.id}`,
      `/api/transactions?orderId=${session.orderId}`,
      ...session.attempts.map((a) => `/api/attempts/${a.id}`),
      ...ids.map((id) => `/api/transactions/${id}`),
    ];
    const texts = await Promise.all(reads.map(async (url) => (await get(url)).text));
    texts.forEach(noAddress);
    expect(texts[2]).toContain('ECONNREFUSED: no answer from the PSP (connection refused)');
    const one = await get(`/api/transactions/${session.attempts[1]!.transactions[0]!.id}`);
    expect(one.body.transaction.ackMessage).toBe('ECONNREFUSED: no answer from the PSP (connection refused)');
  });

  it('the session-ended webhook (sent by a replay) names no address either', async () => {
    const replay = await call(h.app, 'post', `/api/sessions/${session.id}/notification`, { token: tokens.acmeAdmin });
    expect(replay.status).toBe(202);
    await h.runWorkers();
    const calls = receiver.callsTo('/hooks/transport');
    expect(calls).toHaveLength(1);
    expect((JSON.parse(calls[0]!.body) as { attempts: unknown[] }).attempts).toHaveLength(2);
    noAddress(calls[0]!.body);
  });
});
