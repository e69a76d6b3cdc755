import { buildOpenApiDocument, expectResponseMatchesOpenApi } from '@splitpay/http-api';
import { WebhookReceiver } from '@splitpay/webhooks/src/testing/webhook-receiver';
import { ElementsClient } from '../support/elements-client';
import { useService } from '../support/use-service';
import { contactToken, eventually, logged, SHOP, SHOP_ADMIN, webhookMerchants } from '../webhooks/webhooks.support';

jest.setTimeout(60_000);

interface Read {
  status: number;
  body: { chargebacks?: Record<string, unknown>[]; code?: string };
}

/** GET /api/dashboard/sessions/{id}/chargebacks: the dashboard's own read, each dispute with its message's delivery (D148). */
describe("the dashboard's read of a session's chargebacks", () => {
  const receiver = new WebhookReceiver();
  beforeAll(() => receiver.start());
  const h = useService(() => ({ merchants: webhookMerchants({ chargebackUrl: receiver.url('/chargebacks') }) }));
  afterAll(() => receiver.stop());
  const doc = buildOpenApiDocument({ fakePsp: true });

  async function read(url: string, token: string): Promise<Read> {
    const res = await fetch(`${h.url}${url}`, { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as Read['body'];
    expectResponseMatchesOpenApi(doc, 'get', url, { status: res.status, headers: Object.fromEntries(res.headers.entries()), body });
    return { status: res.status, body };
  }

  it("gives a contact each dispute with its message's delivery; the merchant API's read stays without it; a client token is refused", async () => {
    const created = await h.createSession({ currency: 'EUR', total: 2_000, orderId: 'cb-dashboard-read', methods: [{ method: 'card' }] }, SHOP);
    const page = new ElementsClient(h.url, created.elementsToken);
    await page.payByCard('card', 2_000);
    await page.waitFor((v) => v.status === 'PAID');
    await h.runWorkers();
    const client = await h.clientToken(SHOP);
    const contact = await contactToken(h, SHOP_ADMIN);
    const session = (await (await fetch(`${h.url}/api/sessions/${created.sessionId}`, { headers: { Authorization: `Bearer ${client}` } })).json()) as { attempts: { transactions: { type: string; providerRef?: string }[] }[] };
    const captureRef = session.attempts[0]!.transactions.find((t) => t.type === 'capture')!.providerRef!;
    await fetch(`${h.url}/fake-psp/chargebacks`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ providerRef: captureRef, amount: 500, date: '2026-02-10' }) });
    const notificationId = `${captureRef}:chargeback:2026-02-10:500`;
    await eventually(() => logged(h, 'chargeback.recorded').some((l) => l.notificationId === notificationId));

    const dashboardUrl = `/api/dashboard/sessions/${created.sessionId}/chargebacks`;
    const owed = await read(dashboardUrl, contact);
    expect(owed.status).toBe(200);
    expect(owed.body.chargebacks).toEqual([expect.objectContaining({ notificationId, delivery: 'trying' })]);

    await h.runWorkers();
    await eventually(async () => (await read(dashboardUrl, contact)).body.chargebacks?.[0]?.delivery === 'delivered');

    const merchant = await read(`/api/sessions/${created.sessionId}/chargebacks`, client);
    expect(merchant.body.chargebacks?.[0]).not.toHaveProperty('delivery');
    expect((await read(dashboardUrl, client)).status).toBe(401);
    expect((await read('/api/dashboard/sessions/01890a5d-ac96-774b-bcce-b302099a8057/chargebacks', contact)).status).toBe(404);
  });
});
