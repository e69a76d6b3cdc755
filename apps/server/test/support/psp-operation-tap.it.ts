import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PspOperationTap } from './psp-operation-tap';

/**
 * The counter the benchmark trusts: its own kept connections to the service must not be reset. A
 * connection reused just as the service closes it for idleness answered 502, the driver's ack was
 * unknown, and the worker's retry (same key) was counted as a second call the PSP never received.
 */
describe('PspOperationTap, connections kept alive', () => {
  it("lets a kept connection go before the upstream's announced keep-alive timeout", async () => {
    let connections = 0;
    const upstream = http.createServer((_req, res) => res.end('{}'));
    upstream.keepAliveTimeout = 2_000; // announced as Keep-Alive: timeout=2
    upstream.on('connection', () => connections++);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const tap = new PspOperationTap({ keepAlive: true });
    const tapUrl = await tap.start();
    tap.forwardTo(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
    // The drivers keep their connections too (the tap forwards their Connection header).
    const driverAgent = new http.Agent({ keepAlive: true, timeout: 5_000 });
    const capture = (key: string) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${tapUrl}/fake-psp/payments/p1/captures`, { method: 'POST', headers: { 'idempotency-key': key }, agent: driverAgent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end('{}');
      });
    try {
      expect(await capture('a')).toBe(200);
      // The connection goes back to the tap's pool just after the answer has been passed on.
      await new Promise((r) => setTimeout(r, 50));
      expect(await capture('b')).toBe(200);
      // On a loaded machine b may already have needed a connection of its own: count from here.
      const kept = connections;
      // Past the announced 2 s less Node's one-second margin: the tap has let its kept connection go
      // and opens one more (without the timeout it would reuse the old one, which the upstream may be closing).
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await capture('c')).toBe(200);
      expect(connections).toBe(kept + 1);
    } finally {
      driverAgent.destroy();
      await tap.close();
      upstream.closeAllConnections();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });
});
