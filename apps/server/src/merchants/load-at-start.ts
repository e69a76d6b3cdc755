import type { Logger, MerchantAccountRepository } from '@splitpay/domain';
import type { ServerConfig } from '../config';
import { passwordHasherFor, secretSealerFor } from '../wiring/auth';
import { loadMerchants } from './load-merchants';

/**
 * The start step of docs/decisions.md D19: upserts MERCHANTS_FILE into the store, hashing with the
 * configured scrypt cost and sealing with DATA_ENCRYPTION_KEY. A bad file rejects with a
 * MerchantsFileError naming the entry and the field, which stops the start.
 */
export function loadMerchantsAtStart(config: ServerConfig, merchants: MerchantAccountRepository, logger: Logger): Promise<readonly string[]> {
  return loadMerchants(config.merchantsFile, { merchants, hasher: passwordHasherFor(config), sealer: secretSealerFor(config), logger, publicBaseUrl: config.publicBaseUrl });
}
