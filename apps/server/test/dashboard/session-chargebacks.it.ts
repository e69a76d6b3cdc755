import { buildOpenApiDocument, expectResponseMatchesOpenApi } from '@splitpay/http-api';
import { settle } from '../support/dashboard-browser';
import { SHOP } from '../support/merchants.fixture';
import { readSession } from '../support/service-harness';
import { useService } from '../support/use-service';

// The project-level testTimeout does not reach the tests (jest reads it globally): say it here.
jest.setTimeout(60_000);

interface Read {
  status: number;
  body: { chargebacks?: Record<string, unknown>[]; code?: string };
}

/** GET /api/sessions/{id}/chargebacks: the disputes of one session, as the dashboard shows them. */
describe("a session's chargebacks", () => {
  const h = useService();
  const doc = buildOpenApiDocument({ fakePsp: true });

  async function read(sessionId: string, token?: string): Promise<Read> {
    const url = `/api/sessions/${sessionId}/chargebacks`;
    const res = await fetch(`${h.url}${url}`, { headers: { Authorization: `Bearer ${token ?? (await h.clientToken(SHOP))}` } });
    const body = (await res.json()) as Read['body'];
    expectResponseMatchesOpenApi(doc, 'get', url, { status: res.status, headers: Object.fromEntries(res.headers.entries()), body });
    return { status: res.status, body };
  }

  it('lists the disputes raised on its operations, oldest first, without their delivery state', async () => {
    const { page, sessionId } = await h.openPage({ currency: 'EUR', total: 3_000, orderId: 'cb-listed', methods: [{ method: 'card' }] });
    await page.payByCard('card', 3_000);
    await page.waitFor((v) => v.status === 'PAID', 15_000);
    expect((await read(sessionId)).body).toEqual({ chargebacks: [] });

    const session = (await readSession(h, sessionId)).body as { attempts: { attemptId: string; transactions: { transactionId: string; type: string; providerRef: string }[] }[] };
    const capture = session.attempts[0]!.transactions.find((t) => t.type === 'capture')!;
    const raise = (body: object) => fetch(`${h.url}/fake-psp/chargebacks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ providerRef: capture.providerRef, ...body }) });
    expect((await raise({ amount: 1_200, date: '2026-02-10', reasonCode: '4837' })).status).toBe(202);
    await settle(() => read(sessionId), (r) => (r.body.chargebacks?.length ?? 0) === 1);
    h.clock.advance(1_000);
    expect((await raise({ amount: 1_200, date: '2026-03-01', type: 'representment' })).status).toBe(202);

    const listed = await settle(() => read(sessionId), (r) => (r.body.chargebacks?.length ?? 0) === 2);
    expect(listed.status).toBe(200);
    expect(listed.body.chargebacks).toEqual([
      expect.objectContaining({ type: 'chargeback', amount: { amount: 1_200, currency: 'EUR' }, date: '2026-02-10', validUntil: '2026-03-12', reasonCode: '4837', providerRef: capture.providerRef, transactionId: capture.transactionId, attemptId: session.attempts[0]!.attemptId, sessionId, orderId: 'cb-listed', provider: 'fake' }),
      expect.objectContaining({ type: 'representment', date: '2026-03-01' }),
    ]);
    for (const item of listed.body.chargebacks ?? []) expect(Object.keys(item)).not.toEqual(expect.arrayContaining(['delivery']));
  });

  it('answers an unknown session as NotFound (as the session read does) and a malformed id as InvalidRequest', async () => {
    expect(await read('01890a5d-ac96-774b-bcce-b302099a8057')).toEqual({ status: 404, body: { code: 'NotFound', message: expect.any(String) } });
    expect((await read('not-a-uuid')).status).toBe(400);
  });
});
