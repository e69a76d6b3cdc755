import { execFileSync } from 'node:child_process';
import { closeSync, constants as fsConstants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ServiceProcess } from '../support/service-process';

jest.setTimeout(90_000);

const TSX = ['--import', 'tsx', 'apps/server/src/main.ts'];

/** Whether a new connection to the port is refused (the process stopped taking requests). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * A token request whose headers reach the service (it answers 100 Continue, so the request is in
 * flight there) while its body is held back until `send` is called.
 */
function heldTokenRequest(port: number): { inFlight: Promise<void>; send(): void; answer: Promise<{ status: number; body: string }> } {
  const body = 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret';
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/oauth/token',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), Expect: '100-continue' },
  });
  const inFlight = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
  });
  req.flushHeaders();
  return { inFlight, send: () => req.end(body), answer };
}

describe('the service process', () => {
  const started: ServiceProcess[] = [];
  afterAll(async () => {
    for (const service of started) await service.kill();
  });

  it('on SIGTERM stops taking requests, finishes the one in flight, logs one line and exits 0', async () => {
    const service = new ServiceProcess(process.execPath, TSX, ServiceProcess.env({}));
    started.push(service);
    const ready = await service.line((line) => line.event === 'server.started');
    const port = Number(new URL(String(ready.address)).port);

    const held = heldTokenRequest(port);
    await held.inFlight;
    service.signal('SIGTERM');
    // Waiting on a condition, not a delay: the listening socket closes first.
    for (let tries = 0; !(await refused(port)); tries += 1) {
      if (tries > 500) throw new Error('the service kept taking connections after SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    held.send();
    const answer = await held.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });

    expect(await service.exited).toEqual({ code: 0, signal: null });
    const stops = service.lines.filter((line) => String(line.event).startsWith('server.stop'));
    expect(stops).toEqual([expect.objectContaining({ level: 'info', event: 'server.stopped', signal: 'SIGTERM' })]);
  });

  it('stops the same way on SIGINT', async () => {
    const service = new ServiceProcess(process.execPath, TSX, ServiceProcess.env({}));
    started.push(service);
    await service.line((line) => line.event === 'server.started');
    service.signal('SIGINT');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(service.lines.filter((line) => line.event === 'server.stopped')).toEqual([expect.objectContaining({ signal: 'SIGINT' })]);
  });

  it('on SIGTERM while the start is still loading the service, stops once started: one server.stopped line, exit 0', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'splitpay-held-start-'));
    const fifo = path.join(dir, 'release');
    execFileSync('mkfifo', [fifo]);
    // The process blocks where it first loads apps/server/src/server.ts, until the FIFO is written.
    const held = ['--require', path.join(__dirname, '../support/hold-start.cjs'), ...TSX];
    const service = new ServiceProcess(process.execPath, held, ServiceProcess.env({ HOLD_START_FIFO: fifo }));
    started.push(service);
    await service.line((line) => line.event === 'test.start_held');
    service.signal('SIGTERM');
    // Opening the FIFO to write waits until the process opens it to read, which a process the signal
    // killed never does: the test then opens it itself, so that the write ends (refused: nobody reads).
    const release = writeFile(fifo, 'go');
    const exit = await service.exited;
    if (exit.signal) closeSync(openSync(fifo, fsConstants.O_RDONLY | fsConstants.O_NONBLOCK));
    await release.catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    expect(exit).toEqual({ code: 0, signal: null });
    expect(service.lines.filter((line) => line.event === 'server.started')).toHaveLength(1);
    expect(service.lines.filter((line) => String(line.event).startsWith('server.stop'))).toEqual([
      expect.objectContaining({ level: 'info', event: 'server.stopped', signal: 'SIGTERM' }),
    ]);
  });

  it('refuses a production start without its settings: one stderr line each, exit 1', async () => {
    const service = new ServiceProcess(process.execPath, TSX, ServiceProcess.env({ NODE_ENV: 'production' }));
    started.push(service);
    expect(await service.exited).toEqual({ code: 1, signal: null });
    const lines = service.stderr.trim().split('\n');
    expect(lines).toEqual([
      expect.stringMatching(/^splitpay failed to start: MONGODB_URI is required when NODE_ENV=production/),
      expect.stringMatching(/^splitpay failed to start: ACCESS_TOKEN_SIGNING_KEY is required when NODE_ENV=production/),
      expect.stringMatching(/^splitpay failed to start: DATA_ENCRYPTION_KEY is required when NODE_ENV=production/),
      expect.stringMatching(/^splitpay failed to start: MERCHANTS_FILE is required when NODE_ENV=production/),
    ]);
    expect(service.lines.some((line) => line.event === 'server.started')).toBe(false);
  });
});
