import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A PSP announcing `Keep-Alive: timeout=2` that drops a connection idle that long at the moment the
 * next request reaches it: its idle timer fired just before the bytes came (the order a loaded machine
 * makes likely; Node's own server closes at the announced timeout plus one second). Two calls `pauseMs`
 * apart; what each produced, and whether the second reused the first one's connection.
 */
async function twoCallsApart(pauseMs: number): Promise<{ outcomes: unknown[]; reused: boolean }> {
  // In a Node of its own: in a jest worker, an earlier test file's nock may still wrap Node's HTTP
  // client, which then opens a connection per request whatever the agent.
  const script = `
    const http = require('node:http');
    const { createPspHttp, exchange } = require(process.env.CLIENT_MODULE);
    const idleSince = new WeakMap();
    const server = http.createServer((req, res) => {
      const since = idleSince.get(req.socket);
      if (since !== undefined && Date.now() - since >= 2000) return void req.socket.destroy();
      res.on('finish', () => idleSince.set(req.socket, Date.now()));
      res.writeHead(200, { 'content-type': 'application/json', 'keep-alive': 'timeout=2' }).end('{}');
    });
    let reused = false;
    server.on('request', (req) => { if (idleSince.has(req.socket)) reused = true; });
    server.listen(0, '127.0.0.1', async () => {
      const client = createPspHttp();
      const call = () => exchange(client, { method: 'POST', url: 'http://127.0.0.1:' + server.address().port + '/payments', data: {} }, { provider: 'Acme PSP', secrets: [] });
      const outcomes = [await call()];
      await new Promise((resolve) => setTimeout(resolve, Number(process.env.PAUSE_MS)));
      outcomes.push(await call());
      server.closeAllConnections();
      server.close();
      process.stdout.write(JSON.stringify({ outcomes, reused }));
    });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script], {
    env: { ...process.env, CLIENT_MODULE: path.join(__dirname, 'psp-http.client.ts'), PAUSE_MS: String(pauseMs) },
  });
  return JSON.parse(stdout) as { outcomes: unknown[]; reused: boolean };
}

const answered = { kind: 'answer', status: 200, body: {} };

describe('a kept connection and the PSP closing it', () => {
  it("is let go before the PSP's announced keep-alive timeout: a call after it is answered on a new connection, not reset", async () => {
    expect(await twoCallsApart(2_100)).toEqual({ outcomes: [answered, answered], reused: false });
  });

  it('is still reused while the PSP keeps it', async () => {
    expect(await twoCallsApart(0)).toEqual({ outcomes: [answered, answered], reused: true });
  });
});
