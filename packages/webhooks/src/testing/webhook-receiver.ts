import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the receiver got. */
export interface ReceivedCall {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  readonly body: string;
}

/**
 * What the receiver answers: a response, silence until the caller gives up, or a status and headers
 * at once followed by a body that never ends (one byte every `everyMs`, until the caller gives up).
 */
export type ReceiverAnswer =
  | { readonly kind: 'respond'; readonly status: number; readonly contentType?: string; readonly body: string; readonly location?: string }
  | { readonly kind: 'hang' }
  | { readonly kind: 'trickle'; readonly status: number; readonly contentType: string; readonly everyMs: number };

export const acknowledge: ReceiverAnswer = { kind: 'respond', status: 200, contentType: 'text/plain', body: 'OK' };

/**
 * A real merchant endpoint for tests: node:http on 127.0.0.1, a random port, every call recorded,
 * answers scripted per call (`script(callIndex)`), by default the contract's acknowledgement.
 */
export class WebhookReceiver {
  readonly calls: ReceivedCall[] = [];
  private server: http.Server | undefined;
  private readonly hanging = new Set<http.ServerResponse>();
  private readonly trickles = new Set<NodeJS.Timeout>();
  script: (index: number, call: ReceivedCall) => ReceiverAnswer = () => acknowledge;

  /** Listens on `port` (default a random free one). */
  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const call: ReceivedCall = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        const answer = this.script(this.calls.length, call);
        this.calls.push(call);
        if (answer.kind === 'hang') {
          this.hanging.add(res);
          return;
        }
        if (answer.kind === 'trickle') {
          this.trickle(res, answer);
          return;
        }
        res.statusCode = answer.status;
        if (answer.contentType) res.setHeader('content-type', answer.contentType);
        if (answer.location) res.setHeader('location', answer.location);
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(port, '127.0.0.1', resolve));
    return this;
  }

  /** The status and headers now, then one byte of body at each tick until the caller closes the connection. */
  private trickle(res: http.ServerResponse, answer: Extract<ReceiverAnswer, { kind: 'trickle' }>): void {
    this.hanging.add(res);
    res.writeHead(answer.status, { 'content-type': answer.contentType });
    res.flushHeaders();
    const ticks = setInterval(() => res.write('O'), answer.everyMs);
    this.trickles.add(ticks);
    res.once('close', () => {
      clearInterval(ticks);
      this.trickles.delete(ticks);
      this.hanging.delete(res);
    });
  }

  get port(): number {
    return (this.server?.address() as AddressInfo).port;
  }

  /** Calls received on one path (query included). */
  callsTo(path: string): ReceivedCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async stop(): Promise<void> {
    for (const ticks of this.trickles) clearInterval(ticks);
    this.trickles.clear();
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** An address where nothing listens: a port that was just free. */
export async function refusedUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/hooks`;
}
