import type { AccessTokens, MerchantReads, MerchantSearches, SessionCreated } from '@splitpay/application';
import type { MerchantId, SessionRequest } from '@splitpay/domain';
import type { SearchCursors } from './search-cursor';

/** What the merchant API routes call: the application's use cases and the cursor codec. */
export interface MerchantApiDeps {
  readonly tokens: AccessTokens;
  readonly createSession: { execute(merchantId: MerchantId, request: SessionRequest, idempotencyKey?: string): Promise<SessionCreated> };
  readonly reads: Pick<MerchantReads, 'getSession' | 'getSessionChargebacks' | 'getAttempt' | 'getTransaction'>;
  readonly searches: Pick<MerchantSearches, 'searchSessions' | 'searchAttempts' | 'searchTransactions'>;
  readonly cursors: SearchCursors;
  /**
   * The path of PUBLIC_BASE_URL ('' when it has none): where a proxy that strips it forwards from, so
   * the `Location` of a new session is written under it.
   */
  readonly basePath: string;
}
