import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { spawnTypeScript } from './child-process';

export interface CreationFigures {
  readonly perSecond: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
}

/** A session request of the two-tranche card order (every field the schema checks on a plain order). */
export function sessionBody(orderId: string): Record<string, unknown> {
  return { currency: 'EUR', total: 10_000, orderId, methods: [{ method: 'card' }] };
}

/**
 * POST /api/sessions with autocannon, from this process (the service runs in another): `connections`
 * at once for `seconds`, each request a new order id. Answers the mean rate of 2xx answers.
 */
export async function loadSessionCreation(url: string, token: string, connections: number, seconds: number): Promise<CreationFigures> {
  let n = 0;
  const result = await autocannon({
    url: `${url}/api/sessions`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (request) => ({ ...request, body: JSON.stringify(sessionBody(`ac-${process.pid}-${++n}`)) }),
      },
    ],
  });
  return {
    perSecond: result['2xx'] / (result.duration || seconds),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Session creation loads from a process of their own that does nothing else (started once,
 * load/creation-load.process.ts): each load starts from the same state of the load generator. From
 * the bench's own process, autocannon drives 9 to 18 % fewer requests once that process has run the
 * payers (hundreds of connections, thousands of figures kept), which a later load would count
 * against the service.
 */
export class CreationLoadProcess {
  private constructor(private readonly child: ChildProcess) {}

  static start(): Promise<CreationLoadProcess> {
    const child = spawnTypeScript(path.join(__dirname, 'creation-load.process.ts'));
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the creation load process exited (${code}) before it was ready`)));
      child.once('message', () => {
        child.removeAllListeners('exit');
        resolve(new CreationLoadProcess(child));
      });
    });
  }

  /** loadSessionCreation, run in that process; refused if the process ends before answering. */
  load(url: string, token: string, connections: number, seconds: number): Promise<CreationFigures> {
    return new Promise((resolve, reject) => {
      const died = (code: number | null) => reject(new Error(`the creation load process exited (${code}) during a load`));
      this.child.once('exit', died);
      this.child.once('message', (message: { figures?: CreationFigures; error?: string }) => {
        this.child.off('exit', died);
        if (message.figures) resolve(message.figures);
        else reject(new Error(`creation load: ${message.error}`));
      });
      this.child.send({ load: { url, token, connections, seconds } });
    });
  }

  stop(): void {
    this.child.kill();
  }
}

/** Runs of equal length as one: mean rate, worst p99, summed refusals. */
export function combine(runs: readonly CreationFigures[]): CreationFigures {
  return {
    perSecond: runs.reduce((sum, run) => sum + run.perSecond, 0) / Math.max(1, runs.length),
    p99Ms: Math.max(0, ...runs.map((run) => run.p99Ms)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
  };
}
