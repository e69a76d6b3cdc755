import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stands between the service's fake PSP drivers and the fake PSP (FAKE_PSP_URL points at `url`):
 * forwards every call, counts each capture, void and refund call by its idempotency key (our
 * transaction id) and every payment creation, and can hold operation calls unanswered until released (a slow PSP), so a test can
 * run the worker while the first send of an operation is in flight. The service benchmark counts
 * through it too (tools/bench), with connections kept alive.
 */
export class PspOperationTap {
  private readonly calls = new Map<string, number>();
  private paymentsCreated = 0;
  private readonly held: (() => void)[] = [];
  private holding = false;
  private target = '';
  private readonly server = http.createServer((req, res) => this.forward(req, res));
  private readonly agent: http.Agent;

  constructor(options: { readonly keepAlive?: boolean } = {}) {
    this.agent = new http.Agent({ keepAlive: options.keepAlive ?? false });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The service's address, where the fake PSP is mounted. */
  forwardTo(url: string): void {
    this.target = url;
  }

  /** Operation calls received from now on wait until `release()`. */
  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }

  /** Every operation call received so far, by path kind and idempotency key. */
  operationCalls(): ReadonlyMap<string, number> {
    return this.calls;
  }

  /** Operation calls made, how many operations (keys) they were for, and how many keys were called more than once. */
  operations(): { readonly calls: number; readonly operations: number; readonly repeated: number } {
    let calls = 0;
    let repeated = 0;
    for (const count of this.calls.values()) {
      calls += count;
      if (count > 1) repeated++;
    }
    return { calls, operations: this.calls.size, repeated };
  }

  /** Payments the service asked the PSP to create (each attempt start), counted since the last reset. */
  paymentCreations(): number {
    return this.paymentsCreated;
  }

  reset(): void {
    this.calls.clear();
    this.paymentsCreated = 0;
  }

  async close(): Promise<void> {
    this.release();
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    const kind = /\/payments\/[^/]+\/(captures|voids|refunds)$/.exec(req.url ?? '')?.[1];
    const key = req.headers['idempotency-key'];
    const send = (): void => {
      const target = new URL(this.target);
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host }, agent: this.agent },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.headersSent || res.writeHead(502).end());
      upstream.end(body);
    };
    const chunks: Buffer[] = [];
    let body = Buffer.alloc(0);
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      body = Buffer.concat(chunks);
      if (req.method === 'POST' && /\/payments$/.test(req.url ?? '')) this.paymentsCreated++;
      if (req.method === 'POST' && kind && typeof key === 'string') {
        const name = `${kind}:${key}`;
        this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
        if (this.holding) return void this.held.push(send);
      }
      send();
    });
  }
}
