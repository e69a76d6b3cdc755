import { merchantId } from '@splitpay/domain';
import { VerifiedTokens } from './verified-tokens.cache';

const principal = { kind: 'client', merchantId: merchantId('acme'), expiresAt: 2_000_000 } as const;

describe('VerifiedTokens', () => {
  it('recalls a token until its expiry, not before its not-before time, and forgets the expired', () => {
    const cache = new VerifiedTokens();
    cache.remember('t1', { principal, exp: 2_000, nbf: 1_000 });
    expect(cache.recall('t1', 999)).toBeNull();
    expect(cache.recall('t1', 1_000)).toBe(principal);
    expect(cache.recall('t1', 1_999)).toBe(principal);
    expect(cache.recall('t1', 2_000)).toBeNull();
    expect(cache.recall('t1', 1_500)).toBeUndefined();
    expect(cache.recall('t2', 1_500)).toBeUndefined();
  });

  it('keeps at most its capacity, forgetting the oldest first', () => {
    const cache = new VerifiedTokens(2);
    for (const token of ['a', 'b', 'c']) cache.remember(token, { principal, exp: 2_000, nbf: undefined });
    expect(['a', 'b', 'c'].map((token) => cache.recall(token, 1_000))).toEqual([undefined, principal, principal]);
  });
});
