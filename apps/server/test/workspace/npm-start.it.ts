import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../../..');

/** Reads the JSON log lines of a child's stdout until one satisfies `wanted`, or the child stops. */
function waitForLine(child: ChildProcess, wanted: (line: Record<string, unknown>) => boolean, timeoutMs: number): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let stderr = '';
    const timer = setTimeout(() => reject(new Error(`no start line within ${timeoutMs} ms; stderr: ${stderr}`)), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const text of lines) {
        if (!text.startsWith('{')) continue;
        const line = JSON.parse(text) as Record<string, unknown>;
        if (wanted(line)) {
          clearTimeout(timer);
          resolve(line);
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}; stderr: ${stderr}`));
    });
  });
}

/** The README's first command, as a newcomer runs it: `npm start` on the embedded store with the demo merchants. */
describe('npm start', () => {
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    // The whole process group this test started (npm, tsx, node): nothing else.
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  });

  it('serves HTTP and logs one start line naming its address, store, merchants file and dashboard', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'info' };
    for (const setting of ['MONGODB_URI', 'MERCHANTS_FILE', 'PUBLIC_BASE_URL', 'NODE_ENV', 'FAKE_PSP']) delete env[setting];
    // PORT=0 (a port the system picks) needs the public address (D92).
    env.PUBLIC_BASE_URL = 'http://localhost';
    child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });

    const before: Record<string, unknown>[] = [];
    const started = await waitForLine(child, (line) => (line.event === 'server.started' ? true : (before.push(line), false)), 50_000);
    // Without MONGODB_URI: the embedded store, and a warning that nothing survives a restart.
    expect(before).toContainEqual(expect.objectContaining({ level: 'warn', event: 'store.embedded', detail: expect.stringMatching(/nothing survives a restart/) }));
    expect(started).toMatchObject({
      level: 'info',
      address: expect.stringMatching(/^http:\/\/localhost:\d+$/),
      store: 'embedded',
      merchantsFile: path.join(ROOT, 'apps/server/demo-merchants.json'),
    });

    const address = String(started.address);
    expect((await fetch(`${address}/health`)).status).toBe(200);
    // Where the dashboard is: behind the public address, served by this process.
    expect(started.dashboard).toBe(`${String(started.publicBaseUrl)}/dashboard`);
    const dashboard = await fetch(`${address}/dashboard`);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('/dashboard/assets/dashboard-');
    const token = await fetch(`${address}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=demo&client_secret=demo-secret',
    });
    expect(token.status).toBe(200);
    const me = await fetch(`${address}/api/me`, { headers: { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` } });
    expect(await me.json()).toMatchObject({ merchantId: 'demo', principal: 'client' });
  });
});

/**
 * A process manager or container runtime stops `npm start` (or `npm run start:prod`) by signalling npm
 * alone, not its process group: npm passes the signal to its script's process, which must be the
 * service itself (the scripts `exec` node), else the shell dies and the service runs on, orphaned.
 */
describe('npm start stopped by a SIGTERM to npm alone', () => {
  let child: ChildProcess | undefined;
  afterAll(() => {
    // Whatever this test started and left behind (npm, an orphaned service): its own process group only.
    if (child?.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is gone already
      }
    }
  });

  it('the service stops gracefully (one server.stopped line) and npm exits 0', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'info', SCRYPT_COST: '10,8,1' };
    for (const setting of ['MONGODB_URI', 'MERCHANTS_FILE', 'PUBLIC_BASE_URL', 'NODE_ENV', 'FAKE_PSP', 'STORE']) delete env[setting];
    // PORT=0 (a port the system picks) needs the public address (D92).
    env.PUBLIC_BASE_URL = 'http://localhost';
    child = spawn('npm', ['start', '--silent'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child?.once('exit', (code, signal) => resolve({ code, signal })));
    // Every output stream closed: npm and everything holding its pipes (the service) have ended.
    const closed = new Promise<boolean>((resolve) => child?.once('close', () => resolve(true)));
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const started = await waitForLine(child, (line) => line.event === 'server.started', 50_000);

    process.kill(child.pid as number, 'SIGTERM');

    expect(await exited).toEqual({ code: 0, signal: null });
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), 15_000)));
    expect(await Promise.race([closed, gaveUp])).toBe(true);
    clearTimeout(timer);
    const stops = output
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .filter((line) => line.event === 'server.stopped');
    expect(stops).toEqual([expect.objectContaining({ event: 'server.stopped', signal: 'SIGTERM' })]);
    await expect(fetch(`${String(started.address)}/health`)).rejects.toThrow();
  });
});
