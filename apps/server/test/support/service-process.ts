import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../../../..');

/** The service as a real process: its JSON log lines (stdout) and stderr as they come, and its exit. */
export class ServiceProcess {
  readonly lines: Record<string, unknown>[] = [];
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;
  private buffer = '';
  private readonly waiters: (() => void)[] = [];

  constructor(command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd: string = ROOT) {
    this.child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      const parts = this.buffer.split('\n');
      this.buffer = parts.pop() ?? '';
      for (const text of parts) if (text.startsWith('{')) this.lines.push(JSON.parse(text) as Record<string, unknown>);
      this.notify();
    });
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
      this.notify();
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => (this.notify(), resolve({ code, signal }))));
  }

  /** The environment of a start as an operator gives it, without this test run's own service settings. */
  static env(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', LOG_LEVEL: 'info', SCRYPT_COST: '10,8,1', ...extra };
    for (const name of ['MONGODB_URI', 'MERCHANTS_FILE', 'PUBLIC_BASE_URL', 'FAKE_PSP', 'STORE', 'TRUST_PROXY', 'METRICS_TOKEN']) if (!(name in extra)) delete env[name];
    if (!('NODE_ENV' in extra)) delete env.NODE_ENV;
    // A port the system picks cannot be the public address: PORT=0 needs PUBLIC_BASE_URL (D92).
    if (env.PORT === '0' && !env.PUBLIC_BASE_URL) env.PUBLIC_BASE_URL = 'http://localhost';
    return env;
  }

  /** Resolves with the first log line `wanted` accepts; rejects if the process ends first or after `timeoutMs`. */
  line(wanted: (line: Record<string, unknown>) => boolean, timeoutMs = 50_000): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such log line within ${timeoutMs} ms; stderr: ${this.stderr}`)), timeoutMs);
      const check = (): void => {
        const found = this.lines.find(wanted);
        if (found) {
          clearTimeout(timer);
          resolve(found);
        } else if (this.child.exitCode !== null || this.child.signalCode !== null) {
          clearTimeout(timer);
          reject(new Error(`the service exited (${this.child.exitCode ?? this.child.signalCode}); stderr: ${this.stderr}`));
        } else this.waiters.push(check);
      };
      check();
    });
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  /** Ends the process if a test left it running (only this one process, which this test started). */
  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }

  private notify(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }
}
