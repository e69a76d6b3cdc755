import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../../..');

/**
 * A free loopback port. A service process is given its port (and the PUBLIC_BASE_URL naming it)
 * before it starts, so that its restart after a crash answers on the same address.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `mongodb://host:port/?x=y` naming the database `name` instead of the one in its path. */
export function uriWithDatabase(uri: string, name: string): string {
  const [base, query] = uri.split('?') as [string, string | undefined];
  const hostsEnd = base.indexOf('/', base.indexOf('://') + 3);
  return `${hostsEnd < 0 ? base : base.slice(0, hostsEnd)}/${name}${query ? `?${query}` : ''}`;
}

/** One service process: `node apps/server/src/main.ts`, as `npm start` runs it, on 127.0.0.1. */
export interface ServiceProcess {
  readonly url: string;
  readonly pid: number;
  /** Its JSON log lines so far. */
  readonly lines: readonly Record<string, unknown>[];
  /** SIGKILL: the process dies where it stands; resolves once it has exited. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

export interface ServiceProcessOptions {
  readonly port: number;
  /** The service's settings (MONGODB_URI, MERCHANTS_FILE, keys...); PORT, HOST and PUBLIC_BASE_URL are set here. */
  readonly env: Readonly<Record<string, string>>;
  /** How long the start may take; default 60 s (a loaded machine compiles the service first). */
  readonly startTimeoutMs?: number;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a service process and resolves once it logs `server.started`; rejects with its stderr if it stops first. */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    LOG_LEVEL: 'info',
    ...options.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    PUBLIC_BASE_URL: url,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Record<string, unknown>[] = [];
  let stderr = '';
  let buffer = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4_000)));
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server.started within ${options.startTimeoutMs ?? 60_000} ms; stderr: ${stderr}`)), options.startTimeoutMs ?? 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      const texts = buffer.split('\n');
      buffer = texts.pop() ?? '';
      for (const text of texts) {
        if (!text.startsWith('{')) continue;
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        if (line.event === 'server.started') {
          clearTimeout(timer);
          resolve();
        }
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the service stopped (${code ?? signal}) before it started; stderr: ${stderr}`));
    });
  });
  await started.catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited(child);
    throw error;
  });
  return {
    url,
    pid: child.pid!,
    lines,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
