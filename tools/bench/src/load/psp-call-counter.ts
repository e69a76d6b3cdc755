import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stands between the service's fake PSP drivers and the fake PSP's mount (FAKE_PSP_URL points here),
 * forwarding every call and counting each operation call by its idempotency key (our transaction id):
 * a capture, void or refund sent twice for one owed operation shows up as a key counted twice.
 */
export class PspCallCounter {
  private readonly calls = new Map<string, number>();
  private target = '';
  private server?: http.Server;
  private readonly agent = new http.Agent({ keepAlive: true });

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => this.forward(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Where calls go on (the fake PSP mount of the service, known once the service listens). */
  forwardTo(url: string): void {
    this.target = url;
  }

  /** Operation calls (captures, voids, refunds) made, and how many of their keys were called more than once. */
  operations(): { readonly calls: number; readonly operations: number; readonly repeated: number } {
    let calls = 0;
    let repeated = 0;
    for (const count of this.calls.values()) {
      calls += count;
      if (count > 1) repeated++;
    }
    return { calls, operations: this.calls.size, repeated };
  }

  reset(): void {
    this.calls.clear();
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && /\/payments\/[^/]+\/(captures|voids|refunds)$/.test(req.url ?? '') && typeof key === 'string') {
      this.calls.set(key, (this.calls.get(key) ?? 0) + 1);
    }
    const target = new URL(this.target);
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host }, agent: this.agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.headersSent || res.writeHead(502).end());
    req.pipe(upstream);
  }
}
