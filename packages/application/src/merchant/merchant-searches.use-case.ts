import type {
  AttemptHit,
  AttemptSearch,
  MerchantId,
  Page,
  Session,
  SessionRepository,
  SessionSearch,
  TransactionHit,
  TransactionSearch,
} from '@splitpay/domain';

/**
 * A search as the caller asked it: the repository query without the merchant scope, plus the optional
 * `merchantId` narrowing (docs/decisions.md D12 and D14).
 */
export type Narrowed<Q extends { readonly merchantId: MerchantId }> = Omit<Q, 'merchantId'> & { readonly merchantId?: string };

export interface MerchantSearchesDeps {
  readonly sessions: Pick<SessionRepository, 'searchSessions' | 'searchAttempts' | 'searchTransactions'>;
}

const EMPTY: Page<never> = { items: [] };

/**
 * GET /api/sessions, /api/attempts, /api/transactions: keyset pages, newest first, always within the
 * caller's merchant. The `merchantId` filter intersects with that scope: any other value gives an
 * empty page, never an error (and never a hint that the other merchant exists).
 */
export class MerchantSearches {
  constructor(private readonly deps: MerchantSearchesDeps) {}

  private scoped<Q extends { readonly merchantId: MerchantId }>(scope: MerchantId, query: Narrowed<Q>): Q | undefined {
    const { merchantId: narrowing, ...rest } = query;
    if (narrowing !== undefined && narrowing !== scope) return undefined;
    return { ...rest, merchantId: scope } as unknown as Q;
  }

  async searchSessions(scope: MerchantId, query: Narrowed<SessionSearch>): Promise<Page<Session>> {
    const scoped = this.scoped<SessionSearch>(scope, query);
    return scoped ? this.deps.sessions.searchSessions(scoped) : EMPTY;
  }

  async searchAttempts(scope: MerchantId, query: Narrowed<AttemptSearch>): Promise<Page<AttemptHit>> {
    const scoped = this.scoped<AttemptSearch>(scope, query);
    return scoped ? this.deps.sessions.searchAttempts(scoped) : EMPTY;
  }

  async searchTransactions(scope: MerchantId, query: Narrowed<TransactionSearch>): Promise<Page<TransactionHit>> {
    const scoped = this.scoped<TransactionSearch>(scope, query);
    return scoped ? this.deps.sessions.searchTransactions(scoped) : EMPTY;
  }
}
