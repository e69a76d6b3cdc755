import { randomBytes } from 'node:crypto';
import { ManualClock } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import type { ServiceHarness } from './service-harness';
import { useService } from './use-service';

/** What every instance of one deployment shares: the fake PSP's keys, the token signing key and the data key, fresh per call. */
export function deploymentKeys(): Record<string, string> {
  return {
    FAKE_PSP_API_KEY: randomBytes(16).toString('hex'),
    FAKE_PSP_SIGNING_SECRET: randomBytes(32).toString('hex'),
    ACCESS_TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
}

/** Two instances of one deployment, A and B, on one embedded store and one manual clock. */
export interface TwoInstances {
  readonly stores: EmbeddedStores;
  readonly clock: ManualClock;
  readonly a: ServiceHarness;
  readonly b: ServiceHarness;
}

/**
 * Starts, for the calling describe block, instances A then B sharing a store, a manual clock at
 * 2026-01-01, the deployment's keys, the fake PSP at `fakePspUrl()` (asked once, before A starts:
 * where the test's stand-in for the PSP listens) and access tokens that outlive the clock's jumps.
 */
export function useTwoInstances(fakePspUrl: () => Promise<string>, env: NodeJS.ProcessEnv = {}): TwoInstances {
  const stores = createEmbeddedStores();
  const clock = new ManualClock(Date.UTC(2026, 0, 1));
  let shared: NodeJS.ProcessEnv = {};
  beforeAll(async () => {
    shared = { FAKE_PSP_URL: await fakePspUrl(), ...deploymentKeys(), ACCESS_TOKEN_TTL_S: String(365 * 24 * 3600), ...env };
  });
  const a = useService(() => ({ stores, clock, env: shared }));
  const b = useService(() => ({ stores, clock, env: shared }));
  return { stores, clock, a, b };
}
