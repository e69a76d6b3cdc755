import { accountRepositoriesContract } from './account-repositories.contract';
import { authGrantRepositoriesContract } from './auth-grant-repositories.contract';
import { chargebackRepositoryContract } from './chargeback-repository.contract';
import type { ContractEngine } from './harness';
import { sessionLeaseContract, sessionRepositoryContract } from './session-repository.contract';
import { sessionSearchContract } from './session-search.contract';
import { storedSecretsContract } from './stored-secrets.contract';

export type { ContractEngine, OpenedStore } from './harness';
export * as fixtures from './fixtures';

/** The whole store contract: every repository method, on the given engine. */
export function describeStoreContract(engine: ContractEngine): void {
  sessionRepositoryContract(engine);
  sessionLeaseContract(engine);
  sessionSearchContract(engine);
  accountRepositoriesContract(engine);
  chargebackRepositoryContract(engine);
  authGrantRepositoriesContract(engine);
  storedSecretsContract(engine);
}
