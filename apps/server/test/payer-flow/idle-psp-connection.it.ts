import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SessionView } from '@splitpay/domain';
import { useService } from '../support/use-service';

jest.setTimeout(30_000);

const IDLE_LIMIT_MS = 2_000;

/**
 * The fake PSP's API behind a front that announces `Keep-Alive: timeout=2` and drops a connection idle
 * that long as the next request reaches it: its idle timer fired just before the bytes came. On a
 * loaded machine the service's own listener does the same (it closes idle connections at its
 * announced 5 s plus one), and the driver's next call lands on the dying connection.
 */
async function idleClosingFront(target: () => string): Promise<{ url: string; close(): Promise<void> }> {
  const idleSince = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    const since = idleSince.get(req.socket);
    if (since !== undefined && Date.now() - since >= IDLE_LIMIT_MS) return void req.socket.destroy();
    const to = new URL(target());
    const upstream = http.request({ host: to.hostname, port: to.port, path: req.url, method: req.method, headers: { ...req.headers, host: to.host }, agent: false }, (answer) => {
      res.on('finish', () => idleSince.set(req.socket, Date.now()));
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'keep-alive', 'keep-alive': `timeout=${IDLE_LIMIT_MS / 1_000}` });
      answer.pipe(res);
    });
    upstream.on('error', () => res.headersSent || res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The refund-concurrency flake ("the view stood at PENDING" in paidByCard, once, under heavy load): a
 * driver's connection kept past the PSP's announced keep-alive timeout was reused as the PSP closed it;
 * the payment's opening was reset unanswered (an unknown ack, no payment at the PSP, no verdict), and
 * the attempt waited for a status lookup that no worker ran within the test's wait.
 */
describe('payer flow: a card payment after the connection to the PSP stood idle past its keep-alive timeout', () => {
  let front: Awaited<ReturnType<typeof idleClosingFront>>;
  beforeAll(async () => {
    front = await idleClosingFront(() => h.url);
  });
  const h = useService(() => ({ env: { FAKE_PSP_URL: `${front.url}/fake-psp`, FAKE_PSP_DELAY_MS: '0' } }));
  afterAll(() => front.close());

  const paid = async (orderId: string): Promise<SessionView> => {
    const { page } = await h.openPage({ currency: 'EUR', total: 1_000, orderId, methods: [{ method: 'card' }] });
    expect((await page.payByCard('card', 1_000)).status).toBe(201);
    return page.waitFor((v) => v.status === 'PAID');
  };

  it('is opened on a new connection: authorized, captured, PAID', async () => {
    expect((await paid('before-the-pause')).status).toBe('PAID');
    await new Promise((resolve) => setTimeout(resolve, IDLE_LIMIT_MS + 100));
    expect((await paid('after-the-pause')).status).toBe('PAID');
  });
});
