import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The merchant's webhook endpoint: answers 200 OK (text/plain, the contract's acknowledgement) and records each session-ended message once per session. */
export class WebhookReceiver {
  private readonly ended = new Set<string>();
  private server?: http.Server;
  private waiters: (() => void)[] = [];

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { sessionId?: string; data?: { sessionId?: string } };
          const sessionId = body.sessionId ?? body.data?.sessionId;
          if (sessionId) this.ended.add(sessionId);
        } catch {
          // not JSON: not ours to judge here
        }
        res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  received(sessionId: string): boolean {
    return this.ended.has(sessionId);
  }

  /** Waits until every session of `sessionIds` had its message, or `timeoutMs` passed; answers how many did. */
  async awaitAll(sessionIds: readonly string[], timeoutMs: number): Promise<number> {
    const until = Date.now() + timeoutMs;
    const count = (): number => sessionIds.filter((id) => this.ended.has(id)).length;
    while (count() < sessionIds.length && Date.now() < until) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return count();
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
