import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import manifest from '../package.json';
import { createPspHttp, exchange } from './psp-http.client';

isolateNock(/127\.0\.0\.1/);

const SECRET = 'sk_live_do-not-leak-0123456789';
const callee = { provider: 'Acme PSP', secrets: [SECRET] };

describe('a PSP call through psp-http (a real listener on 127.0.0.1)', () => {
  let server: http.Server;
  let base: string;
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end();

  beforeAll(async () => {
    server = http.createServer((req, res) => answer(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads every status as an answer, its JSON body as an object and anything else as {}', async () => {
    const client = createPspHttp();
    answer = (_req, res) => res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ errorCode: '14_030' }));
    await expect(exchange(client, { method: 'POST', url: `${base}/payments`, data: {} }, callee)).resolves.toEqual({ kind: 'answer', status: 422, body: { errorCode: '14_030' } });
    answer = (_req, res) => res.writeHead(503, { 'content-type': 'text/html' }).end('<h1>down</h1>');
    await expect(exchange(client, { method: 'GET', url: `${base}/payments/1` }, callee)).resolves.toEqual({ kind: 'answer', status: 503, body: {} });
  });

  it("names the service and its version as User-Agent, never axios's default", async () => {
    const agents: unknown[] = [];
    answer = (req, res) => {
      agents.push(req.headers['user-agent']);
      res.end();
    };
    await exchange(createPspHttp(), { method: 'POST', url: `${base}/payments`, data: {} }, callee);
    expect(agents).toEqual([`splitpay/${manifest.version}`]);
  });

  it('follows no redirect: the credentials are never resent to another address', async () => {
    const seen: string[] = [];
    answer = (req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(302, { location: `${base}/elsewhere` }).end();
    };
    const result = await exchange(createPspHttp(), { method: 'POST', url: `${base}/payments`, headers: { Authorization: SECRET }, data: {} }, callee);
    expect(result).toEqual({ kind: 'answer', status: 302, body: {} });
    expect(seen).toEqual(['/payments']);
  });

  it('keeps connections alive between calls, over HTTP and HTTPS', () => {
    // Said by the agents: a count of sockets would see nock's own passthrough, which opens one per call.
    const client = createPspHttp();
    const keepAlive = (agent: unknown) => (agent as { keepAlive?: boolean }).keepAlive;
    expect(client.defaults.httpAgent).toBeInstanceOf(http.Agent);
    expect(client.defaults.httpsAgent).toBeInstanceOf(https.Agent);
    expect([keepAlive(client.defaults.httpAgent), keepAlive(client.defaults.httpsAgent)]).toEqual([true, true]);
  });

  it('a call the PSP never answers ends at the timeout as a transport result', async () => {
    answer = () => undefined;
    const result = await exchange(createPspHttp({ timeoutMs: 200 }), { method: 'GET', url: `${base}/slow` }, callee);
    expect(result).toEqual({ kind: 'transport', message: 'ECONNABORTED: no answer from Acme PSP (timed out)', cause: 'ECONNABORTED: timeout of 200ms exceeded' });
  });

  it('a dropped connection is a transport result naming its code', async () => {
    answer = (req) => req.socket.destroy();
    await expect(exchange(createPspHttp(), { method: 'GET', url: `${base}/reset` }, callee)).resolves.toEqual({
      kind: 'transport',
      message: 'ECONNRESET: no answer from Acme PSP (connection reset)',
      cause: 'ECONNRESET: socket hang up',
    });
  });

  it("a refused connection's message names its code, not the PSP's address, which only the cause (for the log) keeps", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await exchange(createPspHttp(), { method: 'POST', url: `http://127.0.0.1:${port}/v1/payments` }, callee);
    expect(result).toEqual({ kind: 'transport', message: 'ECONNREFUSED: no answer from Acme PSP (connection refused)', cause: `ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}` });
  });

  it('a failure quoting the request keeps only its first line, the secrets redacted', async () => {
    nock('https://api.acme-psp.example').post('/v1/payments').replyWithError(`proxy refused Authorization: Bearer ${SECRET}\n{"headers":{"authorization":"${SECRET}"},"data":{"card":"4111111111111111"}}`);
    const result = await exchange(createPspHttp(), { method: 'POST', url: 'https://api.acme-psp.example/v1/payments', headers: { Authorization: `Bearer ${SECRET}` }, data: { card: '4111111111111111' } }, callee);
    expect(result).toEqual({ kind: 'transport', message: 'proxy refused Authorization: Bearer [redacted]', cause: 'proxy refused Authorization: Bearer [redacted]' });
  });
});
