import { paymentMerchants, SHOP } from '../support/merchants.fixture';
import { useServiceBehindPath } from '../support/service-behind-path';
import { startService } from '../support/service-harness';

const PREFIX = '/pay';

/**
 * Session creation's `Location` names the new session where the caller reaches it: under the path of
 * PUBLIC_BASE_URL when the service runs behind a proxy that strips it, `/api/sessions/{id}` otherwise.
 */
describe('POST /api/sessions Location when PUBLIC_BASE_URL has a path', () => {
  const service = useServiceBehindPath(PREFIX, (base) => startService({ merchants: paymentMerchants(), env: { PUBLIC_BASE_URL: base } }));

  it('points under the path, and following it through the proxy reads the session', async () => {
    const token = await fetch(`${service.base()}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: SHOP.merchantId, client_secret: SHOP.secret }),
    }).then(async (res) => ((await res.json()) as { access_token: string }).access_token);
    const auth = { authorization: `Bearer ${token}` };

    const created = await fetch(`${service.base()}/api/sessions`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'EUR', total: 1_000, orderId: 'behind-path-1', methods: [{ method: 'card' }] }),
    });
    expect(created.status).toBe(201);
    const { sessionId } = (await created.json()) as { sessionId: string };
    const location = created.headers.get('location');
    expect(location).toBe(`${PREFIX}/api/sessions/${sessionId}`);

    const read = await fetch(new URL(location!, service.base()), { headers: auth });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { sessionId: string }).sessionId).toBe(sessionId);
  });
});
