import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy sending every request to `target` (set once that instance listens), as it came;
 * a subclass may answer some requests itself (`answersItself`). Unreachable target: 502.
 */
export class ForwardingProxy {
  target = '';
  private readonly server = http.createServer((req, res) => {
    if (this.answersItself(req, res)) return;
    const upstream = http.request(`${this.target}${req.url ?? ''}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Sees each request first; true when it has answered it, so it is not forwarded. */
  protected answersItself(_req: http.IncomingMessage, _res: http.ServerResponse): boolean {
    return false;
  }
}
