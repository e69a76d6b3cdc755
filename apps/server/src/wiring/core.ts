import type { AccessTokens, Stores } from '@splitpay/application';
import type { Clock, DomainPolicy, Timer, Logger, PasswordHasher, SecretSealer, TokenMinter } from '@splitpay/domain';
import type { PromMetrics, UuidV7IdGenerator } from '@splitpay/infra';
import type { ServerConfig } from '../config';

/** What every area's wiring receives: configuration, the store, and the system adapters. */
export interface Core {
  readonly config: ServerConfig;
  readonly stores: Stores;
  readonly clock: Clock;
  /** Real time, for the workers' lease heartbeats (the clock may be a test's manual one). */
  readonly timer: Timer;
  readonly ids: UuidV7IdGenerator;
  readonly logger: Logger;
  readonly metrics: PromMetrics;
  readonly policy: DomainPolicy;
  /** Names this instance's leases, so instances sharing a store never do the same work twice. */
  readonly instanceId: string;
}

/**
 * Background work one instance runs on a schedule; `runOnce` does what is due now and says how much.
 * The schedule starts a run at every tick, even while an earlier run's turns still wait, so a worker
 * bounds its own turns at once (docs/decisions.md D82).
 */
export interface Worker {
  readonly name: string;
  /** Its own tick, for a worker whose runs are rare repairs; default the instance's (startWorkers). */
  readonly intervalMs?: number;
  runOnce(): Promise<number>;
  /** Its turns running now in this instance, shown on /metrics (worker_slots_in_use). */
  slotsInUse?(): number;
  /** Graceful stop: no new claim, in the run going on or a later one; the turns in flight end. */
  stop?(): void;
}

/**
 * The lease owner of one worker of this instance: each worker its own, so a turn of one whose lease
 * lapsed is fenced from another worker's lease on the same session (docs/decisions.md D108-e).
 */
export function workerOwner(instanceId: string, worker: string): string {
  return `${instanceId}:${worker}`;
}

/** What areas share beyond `Core`: the auth area's access tokens and crypto adapters. */
export interface AppServices {
  readonly accessTokens: AccessTokens;
  readonly secretSealer: SecretSealer;
  readonly passwordHasher: PasswordHasher;
  readonly tokenMinter: TokenMinter;
}

