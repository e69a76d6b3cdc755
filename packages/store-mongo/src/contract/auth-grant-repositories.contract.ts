import type { AuthorizationCodeRecord, MerchantId, RefreshTokenRecord } from '@splitpay/domain';
import { createStores } from '../create-stores';
import { newId, T0 } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

/** AuthorizationCodeRepository (single use) and RefreshTokenRepository (rotation, replay, families). */
export function authGrantRepositoriesContract(engine: ContractEngine): void {
  describe(`AuthorizationCodeRepository on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const codes = () => store().stores.authCodes;
    const aCode = (): AuthorizationCodeRecord => ({
      codeHash: newId(),
      clientId: 'dashboard',
      redirectUri: 'http://localhost:3000/dashboard/callback',
      codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      merchantId: 'm-1' as MerchantId,
      email: 'ops@m.example',
      role: 'admin',
      expiresAt: T0 + 60_000,
    });

    it('hands a code out once', async () => {
      const code = aCode();
      await codes().insert(code);
      expect(await codes().consume(code.codeHash)).toEqual(code);
      expect(await codes().consume(code.codeHash)).toBeNull();
      expect(await codes().consume(newId())).toBeNull();
    });

    it('hands a code to exactly one of many concurrent consumers', async () => {
      const code = aCode();
      await codes().insert(code);
      const results = await Promise.all(Array.from({ length: 10 }, () => codes().consume(code.codeHash)));
      expect(results.filter((r) => r !== null)).toEqual([code]);
    });
  });

  describe(`RefreshTokenRepository on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const tokens = () => store().stores.refreshTokens;
    const aToken = (familyId = newId(), overrides: Partial<RefreshTokenRecord> = {}): RefreshTokenRecord => ({
      tokenHash: newId(),
      familyId,
      merchantId: 'm-1' as MerchantId,
      email: 'ops@m.example',
      role: 'member',
      expiresAt: T0 + 3_600_000,
      ...overrides,
    });
    const successorOf = (previous: RefreshTokenRecord) => aToken(previous.familyId);

    it('rotates a fresh token into its successor, which rotates in turn', async () => {
      const first = aToken();
      await tokens().insert(first);
      let second: RefreshTokenRecord | undefined;
      const rotation = await tokens().rotate(first.tokenHash, (previous) => (second = successorOf(previous)), T0);
      expect(rotation).toEqual({ kind: 'rotated', previous: { ...first, usedAt: T0 } });
      const next = await tokens().rotate(second!.tokenHash, successorOf, T0 + 1);
      expect(next.kind).toBe('rotated');
    });

    it('answers replayed for a token used before, and unknown once its family is revoked', async () => {
      const first = aToken();
      await tokens().insert(first);
      let second: RefreshTokenRecord | undefined;
      await tokens().rotate(first.tokenHash, (previous) => (second = successorOf(previous)), T0);
      expect(await tokens().rotate(first.tokenHash, successorOf, T0 + 1)).toEqual({ kind: 'replayed', familyId: first.familyId });
      await tokens().revokeFamily(first.familyId);
      expect(await tokens().rotate(second!.tokenHash, successorOf, T0 + 2)).toEqual({ kind: 'unknown' });
      expect(await tokens().rotate(first.tokenHash, successorOf, T0 + 2)).toEqual({ kind: 'unknown' });
    });

    /** What MongoDB's TTL monitor does at `at` (the embedded engine and FerretDB purge nothing by themselves). */
    async function purgeExpiredTokens(at: number): Promise<void> {
      const { refreshTokens } = store().collections;
      for (const doc of await refreshTokens.find({ purgeAt: { $lte: new Date(at) } }).toArray()) await refreshTokens.deleteOne({ _id: doc._id });
    }

    it('keeps a used token until its family\'s last expiry, so a replay after its own expiry still answers replayed (D5)', async () => {
      const first = aToken(newId(), { expiresAt: T0 + 1_000 });
      await tokens().insert(first);
      let second: RefreshTokenRecord | undefined;
      await tokens().rotate(first.tokenHash, (previous) => (second = aToken(previous.familyId, { expiresAt: T0 + 5_000 })), T0);
      await tokens().rotate(second!.tokenHash, (previous) => aToken(previous.familyId, { expiresAt: T0 + 9_000 }), T0 + 500);
      // The first token expired long ago, the second too; the family lives on in the third.
      await purgeExpiredTokens(T0 + 8_000);
      expect(await tokens().rotate(first.tokenHash, successorOf, T0 + 8_000)).toEqual({ kind: 'replayed', familyId: first.familyId });
      expect(await tokens().rotate(second!.tokenHash, successorOf, T0 + 8_000)).toEqual({ kind: 'replayed', familyId: first.familyId });
      // Once the whole family has expired, nothing of it is kept.
      await purgeExpiredTokens(T0 + 9_000);
      expect(await store().collections.refreshTokens.find({ familyId: first.familyId }).toArray()).toEqual([]);
    });

    it('revokes only the named family', async () => {
      const mine = aToken();
      const theirs = aToken();
      await tokens().insert(mine);
      await tokens().insert(theirs);
      await tokens().revokeFamily(mine.familyId);
      expect((await tokens().rotate(theirs.tokenHash, successorOf, T0)).kind).toBe('rotated');
      expect((await tokens().rotate(mine.tokenHash, successorOf, T0)).kind).toBe('unknown');
    });

    it('revokes the whole family of a token named by its digest, spent or not, and says when none is stored', async () => {
      const first = aToken();
      const bystander = aToken();
      await tokens().insert(first);
      await tokens().insert(bystander);
      let second: RefreshTokenRecord | undefined;
      await tokens().rotate(first.tokenHash, (previous) => (second = successorOf(previous)), T0);
      expect(await tokens().revokeFamilyOf(first.tokenHash)).toBe(true);
      expect(await tokens().rotate(second!.tokenHash, successorOf, T0 + 1)).toEqual({ kind: 'unknown' });
      expect((await tokens().rotate(bystander.tokenHash, successorOf, T0 + 1)).kind).toBe('rotated');
      expect(await tokens().revokeFamilyOf(newId())).toBe(false);
    });

    it('answers unknown for a token never issued or expired, and mints no successor for it', async () => {
      const expired = aToken(newId(), { expiresAt: T0 });
      await tokens().insert(expired);
      const minted: RefreshTokenRecord[] = [];
      const mint = (previous: RefreshTokenRecord) => {
        const successor = successorOf(previous);
        minted.push(successor);
        return successor;
      };
      expect(await tokens().rotate(newId(), mint, T0)).toEqual({ kind: 'unknown' });
      expect(await tokens().rotate(expired.tokenHash, mint, T0)).toEqual({ kind: 'unknown' });
      expect(minted).toEqual([]);
    });

    /**
     * The refresh tokens of another instance whose next insert waits, once begun, until released: a
     * rotation (or a code exchange) paused between its two writes, as a GC pause or a slow network does.
     */
    function pausedBeforeInsert() {
      let begun!: () => void;
      let release!: () => void;
      const insertBegun = new Promise<void>((resolve) => (begun = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const { collections } = store();
      const refreshTokens = new Proxy(collections.refreshTokens, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            if (property === 'insertOne') {
              begun();
              await released;
            }
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      return { tokens: createStores({ ...collections, refreshTokens }).refreshTokens, insertBegun, release };
    }

    const revocations = [
      ['a replay of the spent token', async (spent: RefreshTokenRecord) => {
        expect(await tokens().rotate(spent.tokenHash, successorOf, T0)).toEqual({ kind: 'replayed', familyId: spent.familyId });
        await tokens().revokeFamily(spent.familyId);
      }],
      ['a sign-out naming the spent token', async (spent: RefreshTokenRecord) => {
        expect(await tokens().revokeFamilyOf(spent.tokenHash)).toBe(true);
      }],
    ] as const;

    for (const [revocation, revoke] of revocations) {
      it(`leaves no member of the family alive when ${revocation} revokes it between a rotation's two writes (D155)`, async () => {
        const token = aToken();
        await tokens().insert(token);
        const paused = pausedBeforeInsert();
        let successor: RefreshTokenRecord | undefined;
        const rotation = paused.tokens.rotate(token.tokenHash, (previous) => (successor = successorOf(previous)), T0);
        await paused.insertBegun;
        await revoke(token);
        paused.release();
        expect(await rotation).toEqual({ kind: 'unknown' });
        expect(await tokens().rotate(successor!.tokenHash, successorOf, T0 + 1)).toEqual({ kind: 'unknown' });
      });
    }

    it('stores a token inserted into a family revoked meanwhile as revoked, and says so (D155)', async () => {
      const spentCode = aToken(newId(), { usedAt: T0 });
      expect(await tokens().insert(spentCode)).toBe('live');
      const paused = pausedBeforeInsert();
      const first = aToken(spentCode.familyId);
      const inserted = paused.tokens.insert(first);
      await paused.insertBegun;
      expect(await tokens().rotate(spentCode.tokenHash, successorOf, T0)).toEqual({ kind: 'replayed', familyId: spentCode.familyId });
      await tokens().revokeFamily(spentCode.familyId);
      paused.release();
      expect(await inserted).toBe('revoked');
      expect(await tokens().rotate(first.tokenHash, successorOf, T0 + 1)).toEqual({ kind: 'unknown' });
    });

    it('rotates a token for exactly one of two concurrent presenters; the other sees a replay', async () => {
      const token = aToken();
      await tokens().insert(token);
      const [a, b] = await Promise.all([
        tokens().rotate(token.tokenHash, successorOf, T0),
        store().sibling().refreshTokens.rotate(token.tokenHash, successorOf, T0),
      ]);
      expect([a.kind, b.kind].sort()).toEqual(['replayed', 'rotated']);
    });
  });
}
