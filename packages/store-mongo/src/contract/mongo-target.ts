import { execFileSync } from 'node:child_process';
import { probeServerGaps, type ServerGap } from './server-gaps';

/** Where the contract's MongoDB run gets its server, or why it cannot have one. */
export type MongoTarget =
  | { readonly kind: 'uri'; readonly uri: string; readonly gaps: readonly ServerGap[] }
  | { readonly kind: 'memory-replset' }
  | { readonly kind: 'skip'; readonly why: string };

/** Where jest's global setup leaves the target it resolved once, for every test worker to reuse. */
export const RESOLVED_TARGET_ENV = 'SPLITPAY_MONGO_TARGET';

/** How long the mongod binary lookup (and download, when one is possible) may take before we give up. */
export const DEFAULT_PROBE_TIMEOUT_MS = 8_000;

/**
 * Decides, synchronously (jest builds its describe tree synchronously), where the MongoDB run goes:
 * MONGODB_URI when set (probed for what it lacks, see server-gaps.ts); else a mongodb-memory-server replica set when its mongod binary is present or
 * can be fetched within the probe timeout (one download try; MONGOMS_* settings are honoured); else a
 * skip, with the reason.
 */
export function resolveMongoTarget(env: NodeJS.ProcessEnv = process.env): MongoTarget {
  const resolved = env[RESOLVED_TARGET_ENV];
  if (resolved) return JSON.parse(resolved) as MongoTarget;
  if (env.MONGODB_URI) return { kind: 'uri', uri: env.MONGODB_URI, gaps: probeServerGaps(env.MONGODB_URI) };
  const timeout = Number(env.MONGO_CONTRACT_PROBE_TIMEOUT_MS) || DEFAULT_PROBE_TIMEOUT_MS;
  const core = require.resolve('mongodb-memory-server-core');
  const script = [
    `require(${JSON.stringify(core)}).MongoBinary.getPath().then(`,
    '(path) => process.stdout.write(path),',
    '(error) => { process.stderr.write(String((error && error.message) || error)); process.exitCode = 1; });',
  ].join('');
  try {
    execFileSync(process.execPath, ['-e', script], {
      timeout,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...env, MONGOMS_MAX_RETRIES: env.MONGOMS_MAX_RETRIES ?? '1' },
    });
    return { kind: 'memory-replset' };
  } catch (error) {
    const failure = error as { stderr?: Buffer; signal?: string };
    if (failure.signal) return { kind: 'skip', why: `no MONGODB_URI, and no mongod binary could be found or fetched within ${timeout} ms` };
    const cause = failure.stderr?.toString().trim().split('\n').filter(Boolean).slice(-1)[0] ?? String(error);
    return { kind: 'skip', why: `no MONGODB_URI, and mongodb-memory-server has no mongod binary (${cause})` };
  }
}
