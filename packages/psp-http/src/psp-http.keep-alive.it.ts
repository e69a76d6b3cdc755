import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPspHttp, exchange } from './psp-http.client';

// No nock in this file: its passthrough opens a connection per call, and reuse is what is tested here.
const callee = { provider: 'Acme PSP', secrets: [] };

/**
 * A PSP announcing `Keep-Alive: timeout=2` that drops a connection idle that long at the moment the
 * next request reaches it: its idle timer fired just before the bytes came (the order a loaded machine
 * makes likely; Node's own server closes at the announced timeout plus one second).
 */
async function pspClosingIdleConnections(): Promise<{ url: string; close(): Promise<void> }> {
  const idleSince = new WeakMap<object, number>();
  const server = http.createServer((req, res) => {
    const since = idleSince.get(req.socket);
    if (since !== undefined && Date.now() - since >= 2_000) return void req.socket.destroy();
    res.on('finish', () => idleSince.set(req.socket, Date.now()));
    res.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=2' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('a kept connection and the PSP closing it', () => {
  it("is let go before the PSP's announced keep-alive timeout: a call after it is answered on a new connection, not reset", async () => {
    const psp = await pspClosingIdleConnections();
    try {
      const client = createPspHttp();
      const first = await client.post(psp.url, {});
      expect(first.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await expect(exchange(client, { method: 'POST', url: psp.url, data: {} }, callee)).resolves.toEqual({ kind: 'answer', status: 200, body: {} });
    } finally {
      await psp.close();
    }
  });

  it('is still reused while the PSP keeps it (the keep-alive is not lost)', async () => {
    const psp = await pspClosingIdleConnections();
    try {
      const client = createPspHttp();
      await client.post(psp.url, {});
      const second = await client.post(psp.url, {});
      expect((second.request as http.ClientRequest).reusedSocket).toBe(true);
    } finally {
      await psp.close();
    }
  });
});
