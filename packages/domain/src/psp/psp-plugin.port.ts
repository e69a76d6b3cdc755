import type { Clock } from '../ports/clock.port';
import type { Logger } from '../ports/logger.port';
import type { ContractSettingSpec } from './contract-setting';
import type { PspProvider } from './psp-driver.port';

export interface PspPluginDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  /** How long one call to the PSP may take before it is given up (an unknown ack): the server's PSP_TIMEOUT_MS. */
  readonly timeoutMs: number;
}

/**
 * What a provider package exports for the server to register it: its id, the contract settings it
 * reads (checked in the merchants file at start, the secret ones sealed at rest) and how to build it.
 * Its per-merchant configuration lives in the contracts' settings, never in the process environment.
 */
export interface PspPlugin {
  readonly id: string;
  readonly settings: readonly ContractSettingSpec[];
  create(deps: PspPluginDeps): PspProvider;
}
