import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stands between the service's fake PSP drivers and the fake PSP (FAKE_PSP_URL points at `url`):
 * forwards every call, counts each capture, void and refund call by its idempotency key (our
 * transaction id) and every payment creation, and can hold operation calls unanswered until released (a slow PSP), so a test can
 * run the worker while the first send of an operation is in flight. The service benchmark counts
 * through it too (tools/bench), with connections kept alive.
 *
 * A call of a key whose previous call got no answer back to the caller (the PSP unreachable, the
 * caller's connection closed before the answer ended, an answer lost on purpose with
 * `loseNextAnswer`) or a 5xx is counted apart, as sent again after no answer: the retry of an unknown ack,
 * with the same idempotency key, is intended (docs/performance.md, tenth part). Only a call that
 * follows an answered one is a repeat.
 */
export class PspOperationTap {
  private readonly calls = new Map<string, number>();
  /** Keys whose latest call got no answer back to its caller. */
  private readonly unanswered = new Set<string>();
  /** Keys called again after an answered call, and calls made again after no answer. */
  private readonly repeatedKeys = new Set<string>();
  private resent = 0;
  private answersToLose = 0;
  private paymentsCreated = 0;
  private readonly held: (() => void)[] = [];
  private readonly callWatchers: ((name: string) => void)[] = [];
  private holding = false;
  private target = '';
  private readonly server = http.createServer((req, res) => this.forward(req, res));
  private readonly agent: http.Agent;

  private readonly closeEachConnection: boolean;

  /**
   * `closeEachConnection`: every answer to the service closes its connection (`Connection: close`),
   * so that once the tap is closed the service's next call is refused rather than sent on a kept one.
   */
  constructor(options: { readonly keepAlive?: boolean; readonly closeEachConnection?: boolean } = {}) {
    this.closeEachConnection = options.closeEachConnection ?? false;
    // With a timeout, Node's agent lets a kept connection go a second before the service's announced
    // Keep-Alive timeout; without one it ignores the announcement, and a call reusing the connection
    // as the service closed it was reset (502 here, an unknown ack, a retry counted twice).
    this.agent = new http.Agent({ keepAlive: options.keepAlive ?? false, timeout: 5_000 });
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

  /** Settles with the name (`captures:<key>`, …) of the next operation call received, once counted (before any hold). */
  nextOperationCall(): Promise<string> {
    return new Promise((received) => this.callWatchers.push(received));
  }

  /** Every operation call received so far, by path kind and idempotency key. */
  operationCalls(): ReadonlyMap<string, number> {
    return this.calls;
  }

  /** The next operation call reaches the PSP, but its answer is dropped and the caller's connection reset. */
  loseNextAnswer(): void {
    this.answersToLose++;
  }

  /**
   * Operation calls made, how many operations (keys) they were for, how many keys were called again
   * after an answered call (`repeated`), and how many calls were made again after a call of the same
   * key got no answer (`resentAfterNoAnswer`).
   */
  operations(): { readonly calls: number; readonly operations: number; readonly repeated: number; readonly resentAfterNoAnswer: number } {
    let calls = 0;
    for (const count of this.calls.values()) calls += count;
    return { calls, operations: this.calls.size, repeated: this.repeatedKeys.size, resentAfterNoAnswer: this.resent };
  }

  /** The keys called again (after an answer, or after none), to find their sends in the service's log. */
  calledAgain(): string[] {
    return [...this.calls].filter(([, count]) => count > 1).map(([name]) => name);
  }

  /** Payments the service asked the PSP to create (each attempt start), counted since the last reset. */
  paymentCreations(): number {
    return this.paymentsCreated;
  }

  reset(): void {
    this.calls.clear();
    this.unanswered.clear();
    this.repeatedKeys.clear();
    this.resent = 0;
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
    let name: string | undefined;
    let loseAnswer = false;
    const send = (): void => {
      const target = new URL(this.target);
      const upstream = http.request(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host }, agent: this.agent },
        (answer) => {
          if (loseAnswer) {
            answer.resume();
            return void req.socket.destroy();
          }
          // A 5xx says nothing of what the PSP did: the driver's ack is unknown, as with no answer.
          if (name && (answer.statusCode ?? 502) >= 500) this.unanswered.add(name);
          const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
          res.writeHead(answer.statusCode ?? 502, this.closeEachConnection ? { ...headers, connection: 'close' } : answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (name) this.unanswered.add(name);
        if (!res.headersSent) res.writeHead(502).end();
      });
      upstream.end(body);
    };
    // 'finish': the whole answer was handed to the caller's connection; 'close' without it: no answer.
    res.on('close', () => {
      if (name && !res.writableFinished) this.unanswered.add(name);
    });
    const chunks: Buffer[] = [];
    let body = Buffer.alloc(0);
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      body = Buffer.concat(chunks);
      if (req.method === 'POST' && /\/payments$/.test(req.url ?? '')) this.paymentsCreated++;
      if (req.method === 'POST' && kind && typeof key === 'string') {
        name = `${kind}:${key}`;
        const earlier = this.calls.get(name) ?? 0;
        if (earlier > 0 && this.unanswered.delete(name)) this.resent++;
        else if (earlier > 0) this.repeatedKeys.add(name);
        this.calls.set(name, earlier + 1);
        for (const received of this.callWatchers.splice(0)) received(name);
        if (this.answersToLose > 0) {
          this.answersToLose--;
          loseAnswer = true;
        }
        if (this.holding) return void this.held.push(send);
      }
      send();
    });
  }
}
