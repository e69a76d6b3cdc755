import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { NotificationPoster } from './notification-post';

describe('NotificationPoster: the fake PSP posting its notifications', () => {
  let server: http.Server;
  let url: string;
  let connections: number;
  let received: { body: string; headers: http.IncomingHttpHeaders }[];
  let answer: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  let poster: NotificationPoster;

  beforeEach(async () => {
    connections = 0;
    received = [];
    answer = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('[accepted]');
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
        answer(req, res);
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/psp/fake/notifications`;
    poster = new NotificationPoster();
  });

  afterEach(async () => {
    poster.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('posts the body and headers as given and answers the status', async () => {
    const outcome = await poster.post(url, '{"id":"n1"}', { 'content-type': 'application/json', 'x-fake-psp-signature': 'abc' }, 5_000);
    expect(outcome).toEqual({ kind: 'answered', status: 200 });
    expect(received).toHaveLength(1);
    expect(received[0]?.body).toBe('{"id":"n1"}');
    expect(received[0]?.headers['x-fake-psp-signature']).toBe('abc');
    expect(received[0]?.headers['content-length']).toBe('11');
  });

  it('keeps its connection alive: successive notifications share one connection', async () => {
    // In a Node of its own: in a jest worker, an earlier test file's nock may still wrap Node's HTTP
    // client, which then opens a connection per request whatever the agent.
    const script = `
      const http = require('node:http');
      const { NotificationPoster } = require(process.env.POSTER_MODULE);
      let connections = 0;
      const server = http.createServer((req, res) => { req.resume(); req.on('end', () => res.end('[accepted]')); });
      server.on('connection', () => connections++);
      server.listen(0, '127.0.0.1', async () => {
        const poster = new NotificationPoster();
        const outcomes = [];
        for (let i = 0; i < 5; i++) outcomes.push(await poster.post('http://127.0.0.1:' + server.address().port + '/n', '{"id":"n' + i + '"}', {}, 5000));
        poster.close();
        server.close();
        process.stdout.write(JSON.stringify({ connections, outcomes }));
      });`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
      env: { ...process.env, POSTER_MODULE: path.join(__dirname, 'notification-post.ts') },
    });
    expect(JSON.parse(stdout)).toEqual({ connections: 1, outcomes: Array.from({ length: 5 }, () => ({ kind: 'answered', status: 200 })) });
  });

  it("lets a kept connection go before the service's announced keep-alive timeout: a notification after it is answered, not reset", async () => {
    // A service announcing `Keep-Alive: timeout=2` that drops a connection idle that long as the next
    // notification reaches it (its idle timer fired first). In a Node of its own, as above.
    const script = `
      const http = require('node:http');
      const { NotificationPoster } = require(process.env.POSTER_MODULE);
      const idleSince = new WeakMap();
      const server = http.createServer((req, res) => {
        const since = idleSince.get(req.socket);
        if (since !== undefined && Date.now() - since >= 2000) return void req.socket.destroy();
        req.resume();
        res.on('finish', () => idleSince.set(req.socket, Date.now()));
        req.on('end', () => res.writeHead(200, { 'keep-alive': 'timeout=2' }).end('[accepted]'));
      });
      server.listen(0, '127.0.0.1', async () => {
        const poster = new NotificationPoster();
        const post = () => poster.post('http://127.0.0.1:' + server.address().port + '/n', '{}', {}, 5000);
        const outcomes = [await post()];
        await new Promise((resolve) => setTimeout(resolve, 2100));
        outcomes.push(await post());
        poster.close();
        server.closeAllConnections();
        server.close();
        process.stdout.write(JSON.stringify(outcomes));
      });`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
      env: { ...process.env, POSTER_MODULE: path.join(__dirname, 'notification-post.ts') },
    });
    expect(JSON.parse(stdout)).toEqual([
      { kind: 'answered', status: 200 },
      { kind: 'answered', status: 200 },
    ]);
  });

  it('answers a non-2xx status as it came, without following a redirect', async () => {
    answer = (_req, res) => res.writeHead(302, { location: `${url}/elsewhere` }).end();
    expect(await poster.post(url, '{}', {}, 5_000)).toEqual({ kind: 'answered', status: 302 });
    expect(received).toHaveLength(1);
  });

  it('gives up on a service that does not answer within the deadline', async () => {
    answer = () => undefined;
    const outcome = await poster.post(url, '{}', {}, 100);
    expect(outcome).toEqual({ kind: 'failed', message: 'timeout of 100ms exceeded' });
  });

  it('is a failure, not a throw, when nothing listens or the URL is not http(s)', async () => {
    const closed = new NotificationPoster();
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect((await closed.post(`http://127.0.0.1:${port}/x`, '{}', {}, 5_000)).kind).toBe('failed');
    expect(await closed.post('ftp://127.0.0.1/x', '{}', {}, 5_000)).toEqual({ kind: 'failed', message: 'Unsupported protocol ftp:' });
    expect(await closed.post('not a url', '{}', {}, 5_000)).toEqual({ kind: 'failed', message: 'Invalid URL' });
    closed.close();
    server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  it('close ends a delivery in flight', async () => {
    answer = () => undefined;
    const pending = poster.post(url, '{}', {}, 10_000);
    await new Promise<void>((resolve) => {
      const check = (): void => (received.length > 0 ? resolve() : void setImmediate(check));
      check();
    });
    poster.close();
    expect((await pending).kind).toBe('failed');
  });
});
