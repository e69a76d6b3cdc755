import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { ElementsClient } from '../support/elements-client';

jest.setTimeout(30_000);

/**
 * A load balancer whose other member is a stranger: everything reaches this instance except the fake
 * PSP's address, which lands on another instance (its own fake PSP, another random key: 401).
 */
async function startBalancer(): Promise<{ url: string; target: string; fakePspCalls: number; close(): Promise<void> }> {
  const balancer = { url: '', target: '', fakePspCalls: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    if ((req.url ?? '').startsWith('/fake-psp')) {
      balancer.fakePspCalls++;
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized","message":"unknown API key"}');
      return;
    }
    const upstream = http.request(`${balancer.target}${req.url ?? ''}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(balancer, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}

describe('an instance behind a load balancer, with its own fake PSP (no FAKE_PSP_URL)', () => {
  it('reaches its own fake PSP at its listening address, not through PUBLIC_BASE_URL: a card payment is captured', async () => {
    const balancer = await startBalancer();
    let running: RunningServer | undefined;
    try {
      running = await startServer(readConfig({ PORT: '0', HOST: '127.0.0.1', PUBLIC_BASE_URL: balancer.url, LOG_LEVEL: 'error', SCRYPT_COST: '10,8,1', FAKE_PSP: 'on', FAKE_PSP_DELAY_MS: '0' }));
      balancer.target = running.url;
      const token = (await (
        await fetch(`${balancer.url}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret' })
      ).json()) as { access_token: string };
      const created = (await (
        await fetch(`${balancer.url}/api/sessions`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ currency: 'EUR', total: 2_500, orderId: 'own-fake-psp', methods: [{ method: 'card' }] }),
        })
      ).json()) as { elementsToken: string };
      const page = new ElementsClient(balancer.url, created.elementsToken);

      expect((await page.payByCard('card', 2_500)).status).toBe(201);

      const view = await page.waitFor((v) => v.status === 'PAID' || v.attempts.some((a) => ['DECLINED', 'VOIDED', 'FAILED'].includes(a.status)), 10_000);
      expect(view).toMatchObject({ status: 'PAID' });
      expect(view.attempts[0]).toMatchObject({ status: 'CAPTURED' });
      expect(balancer.fakePspCalls).toBe(0);
    } finally {
      await running?.close();
      await balancer.close();
    }
  });
});
