import {
  DEFAULT_POLICY,
  DomainError,
  PspRegistry,
  type MerchantAccount,
  type MerchantId,
  type Page,
  type PspProvider,
  type Session,
  type SessionId,
  type SessionRepository,
  type TransactionSearch,
} from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS } from '@splitpay/domain/src/testing';
import { CreateSessionUseCase } from './create-session.use-case';
import { MerchantReads } from './merchant-reads.use-case';
import { MerchantSearches } from './merchant-searches.use-case';

const M1 = 'm1' as MerchantId;
const provider = { id: 'fake', drivers: [{ provider: 'fake', method: 'card', capabilities: CARD_CAPS }] } as unknown as PspProvider;
const account: MerchantAccount = {
  merchantId: M1,
  secretHash: 'x',
  webhookSigningSecretSealed: 'x',
  contracts: [{ method: 'card', provider: 'fake' }],
  contacts: [],
};

function memorySessions() {
  const stored = new Map<string, Session>();
  return {
    stored,
    insert: async (s: Session) => void stored.set(s.id, s),
    findById: async (id: string) => stored.get(id) ?? null,
    findByAttemptId: async (id: string) => [...stored.values()].find((s) => s.attempts.some((a) => a.id === id)) ?? null,
    findByTransactionId: async (id: string) => [...stored.values()].find((s) => s.attempts.some((a) => a.transactions.some((t) => t.id === id))) ?? null,
  };
}

function creation(sessions = memorySessions(), accounts: MerchantAccount[] = [account]) {
  let n = 0;
  return new CreateSessionUseCase({
    sessions: sessions as unknown as SessionRepository,
    merchants: { findById: async (id) => accounts.find((a) => a.merchantId === id) ?? null, upsert: async () => {}, findByContactEmail: async () => null },
    psps: new PspRegistry([provider]),
    tokens: { newElementsToken: () => `pst_token${++n}`, newOpaqueToken: () => 'o', digest: (t) => `digest(${t})` },
    clock: { now: () => 1_000_000 },
    ids: { newId: () => `0190c0de-0000-7000-8000-00000000000${++n}` },
    defaultTtlMs: 60_000,
    policy: DEFAULT_POLICY,
    nextDueAt: (s) => s.expiresAt,
    derivedTokens: { newSalt: () => 's', tokenOf: (salt) => `pst_of(${salt})` },
    logger: new CapturingLogger(),
  });
}

const request = { currency: 'EUR', total: 500, orderId: 'o-1', methods: [{ method: 'card' as const }] };

describe('CreateSessionUseCase', () => {
  it('answers the elements token, stores only its digest, and schedules the expiry', async () => {
    const sessions = memorySessions();
    const created = await creation(sessions).execute(M1, request);
    expect(created.elementsToken).toMatch(/^pst_/);
    expect(created.expiresAt).toBe(1_060_000);
    const stored = sessions.stored.get(created.sessionId);
    expect(stored).toMatchObject({ merchantId: 'm1', elementsTokenHash: `digest(${created.elementsToken})`, dueAt: 1_060_000, version: 1 });
    expect(JSON.stringify(stored)).not.toContain(`"${created.elementsToken}"`);
  });

  it('refuses a caller whose account no longer exists', async () => {
    await expect(creation(memorySessions(), []).execute(M1, request)).rejects.toMatchObject({ code: 'Unauthorized' });
  });
});

describe('MerchantReads', () => {
  it("answers another merchant's session, attempt and transaction exactly like missing ones", async () => {
    const sessions = memorySessions();
    const { sessionId } = await creation(sessions).execute(M1, request);
    const stored = sessions.stored.get(sessionId)!;
    const transaction = { id: 't1', createdAt: 1, updatedAt: 1, type: 'authorization', amount: stored.total, status: { kind: 'pending' } };
    const attempt = { id: 'a1', createdAt: 1, updatedAt: 1, method: 'card', methodId: 'card', provider: 'fake', operation: 'authorization', status: 'AUTHORIZING', requested: stored.total, granted: stored.total, refunded: stored.total, transactions: [transaction] };
    sessions.stored.set(sessionId, { ...stored, attempts: [attempt] } as unknown as Session);
    const reads = new MerchantReads({ sessions });
    expect((await reads.getSession(M1, sessionId)).id).toBe(sessionId);
    expect((await reads.getAttempt(M1, 'a1' as never)).attempt.id).toBe('a1');
    expect(await reads.getTransaction(M1, 't1' as never)).toMatchObject({ sessionId, attemptId: 'a1', method: 'card', orderId: 'o-1' });
    const other = 'm2' as MerchantId;
    const errors = await Promise.all([
      reads.getSession(other, sessionId).catch((e: DomainError) => [e.code, e.message]),
      reads.getSession(M1, '0190c0de-0000-7000-8000-999999999999' as SessionId).catch((e: DomainError) => [e.code, e.message]),
      reads.getAttempt(other, 'a1' as never).catch((e: DomainError) => [e.code, e.message]),
      reads.getAttempt(M1, 'nope' as never).catch((e: DomainError) => [e.code, e.message]),
      reads.getTransaction(other, 't1' as never).catch((e: DomainError) => [e.code, e.message]),
      reads.getTransaction(M1, 'nope' as never).catch((e: DomainError) => [e.code, e.message]),
    ]);
    expect(new Set(errors.map((e) => JSON.stringify(e)))).toEqual(new Set([JSON.stringify(['NotFound', 'Not found'])]));
  });
});

describe('MerchantSearches', () => {
  function searches() {
    const calls: TransactionSearch[] = [];
    const page: Page<never> = { items: [] };
    const repo = {
      searchSessions: async () => page,
      searchAttempts: async () => page,
      searchTransactions: async (q: TransactionSearch) => {
        calls.push(q);
        return { items: [{ marker: 'hit' }] } as unknown as Page<never>;
      },
    };
    return { calls, searches: new MerchantSearches({ sessions: repo }) };
  }

  it("always searches within the caller's merchant", async () => {
    const { calls, searches: s } = searches();
    await s.searchTransactions(M1, { limit: 5, orderId: 'o-1' });
    await s.searchTransactions(M1, { limit: 5, merchantId: 'm1' });
    expect(calls).toEqual([
      { limit: 5, orderId: 'o-1', merchantId: 'm1' },
      { limit: 5, merchantId: 'm1' },
    ]);
  });

  it('gives an empty page, never an error, for another merchantId, without asking the store', async () => {
    const { calls, searches: s } = searches();
    expect(await s.searchTransactions(M1, { limit: 5, merchantId: 'm2' })).toEqual({ items: [] });
    expect(await s.searchSessions(M1, { limit: 5, merchantId: 'm2' })).toEqual({ items: [] });
    expect(await s.searchAttempts(M1, { limit: 5, merchantId: 'm2' })).toEqual({ items: [] });
    expect(calls).toEqual([]);
  });
});
