import { adyenCardReasonsContract } from './adyen-card-reasons.contract';
import { abandonedChargebacksContract } from './abandoned-chargebacks.contract';
import { abandonedNotificationsContract } from './abandoned-notifications.contract';
import { accountRepositoriesContract } from './account-repositories.contract';
import { authGrantRepositoriesContract } from './auth-grant-repositories.contract';
import { chargebackRepositoryContract } from './chargeback-repository.contract';
import type { ContractEngine } from './harness';
import { keyedInsertContract } from './keyed-insert.contract';
import { sessionLeaseContract, sessionRepositoryContract } from './session-repository.contract';
import { searchEntryRepairContract } from './search-entry-repair.contract';
import { searchRebuildContract } from './search-rebuild.contract';
import { sessionSearchContract } from './session-search.contract';
import { methodCoverageContract, tracingEngine } from './method-coverage';
import { storedSecretsContract } from './stored-secrets.contract';
import { storeIndexesContract } from './store-indexes.contract';

export type { ContractEngine, OpenedStore } from './harness';
export * as fixtures from './fixtures';

/**
 * The whole store contract on the given engine. Its repositories record the methods the tests call,
 * and a last test fails when any method of any repository port was never called.
 */
export function describeStoreContract(engine: ContractEngine): void {
  const calls = new Set<string>();
  const traced = tracingEngine(engine, calls);
  sessionRepositoryContract(traced);
  sessionLeaseContract(traced);
  keyedInsertContract(traced);
  sessionSearchContract(traced);
  searchEntryRepairContract(traced);
  searchRebuildContract(traced);
  adyenCardReasonsContract(traced);
  abandonedNotificationsContract(traced);
  accountRepositoriesContract(traced);
  chargebackRepositoryContract(traced);
  abandonedChargebacksContract(traced);
  authGrantRepositoriesContract(traced);
  storedSecretsContract(traced);
  storeIndexesContract(traced);
  methodCoverageContract(engine.name, calls);
}
