import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy in front of the service as an operator would put one when PUBLIC_BASE_URL has a
 * path: requests under that path reach the service with the path stripped; the RFC 8414 metadata
 * address of the issuer, at the host's root, is forwarded as is; anything else is not the service's
 * (404 from the proxy itself). `target` is set once the service listens.
 */
export interface PathStrippingProxy {
  readonly url: string;
  target: string;
  close(): Promise<void>;
}

export async function startPathStrippingProxy(prefix: string): Promise<PathStrippingProxy> {
  const metadataAtRoot = `/.well-known/oauth-authorization-server${prefix}`;
  const forwardedPath = (path: string): string | undefined => {
    if (path === metadataAtRoot || path.startsWith(`${metadataAtRoot}?`)) return path;
    if (path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`)) return path.slice(prefix.length) || '/';
    return undefined;
  };
  const proxy: PathStrippingProxy = { url: '', target: '', close: async () => undefined };
  const server = http.createServer((req, res) => {
    const path = forwardedPath(req.url ?? '/');
    if (path === undefined || !proxy.target) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not behind this proxy');
      return;
    }
    const upstream = http.request(new URL(path, proxy.target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
