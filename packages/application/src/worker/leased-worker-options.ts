import type { Logger, Timer } from '@splitpay/domain';

/** What every leasing worker (session, session-ended, chargebacks) is given beside its own ports. */
export interface LeasedWorkerOptions {
  /** Paces the lease renewals of a running turn or try (real time, not the clock). */
  readonly timer: Timer;
  readonly logger: Logger;
  /** Names this instance's leases (`<instanceId>:<worker>`, D108-c4). */
  readonly owner: string;
  /** How long a claim holds without renewal (a crashed instance's claims pass on after it); renewed every third of it while a turn runs. Default 60 s. */
  readonly leaseMs?: number;
  /** Items handled per run at most (the worker's own default). */
  readonly batchSize?: number;
  /** Turns running at once at most in this instance, across its overlapping runs, each on its own item under its own lease. Default 8. */
  readonly concurrency?: number;
}
