import type { ApiResult, RefundAnswer } from '../api/api-types';
import type { RefundRequest } from '../api/dashboard-api';
import { RefundAction, refundOutcomeUnclear } from './refund-action';
import { RefundKeys, unnameLegacyRefundKeys, type KeyShelf, type ListedShelf } from './refund-keys';

/** A service as the contract says: a key already recorded on the attempt answers the recorded refund. */
function service(refundable: number) {
  const byKey = new Set<string>();
  const made: number[] = [];
  let loseNext = false;
  const send = async (r: RefundRequest): Promise<ApiResult<RefundAnswer>> => {
    const amount = r.amount ?? refundable;
    if (r.idempotencyKey !== undefined && byKey.has(r.idempotencyKey)) return { ok: true, body: { refunds: [] } };
    refundable -= amount;
    made.push(amount);
    if (r.idempotencyKey !== undefined) byKey.add(r.idempotencyKey);
    if (loseNext) {
      loseNext = false;
      return { ok: false, status: 0, code: 'network' };
    }
    return { ok: true, body: { refunds: [] } };
  };
  return { send, made, lose: () => (loseNext = true) };
}

const shelf = (): ListedShelf & { readonly names: () => string[] } => {
  const items = new Map<string, string>();
  return {
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    names: () => [...items.keys()],
  };
};

let minted = 0;
const tab = (shared: KeyShelf, merchant = 'm1') => new RefundKeys(() => `key-${++minted}`, shared, () => merchant);
const refund = (keys: RefundKeys, send: ReturnType<typeof service>['send']) =>
  new RefundAction({ kind: 'attempt', attemptId: 'a1' }, send, { keys, attemptId: 'a1' }).submit(1_000);

describe('RefundKeys shared by the tabs of one contact (D103-g)', () => {
  it('a refund whose answer was lost in one tab, tried from another, is one refund; accepted, its key leaves the shelf', async () => {
    const psp = service(5_000);
    const shared = shelf();
    const tabA = tab(shared);
    const tabB = tab(shared);
    psp.lose();
    expect(refundOutcomeUnclear(await refund(tabA, psp.send))).toBe(true);
    expect(shared.names()).toEqual(['splitpay.dashboard.refundKey|m1|a1|1000']);
    expect((await refund(tabB, psp.send)).ok).toBe(true);
    expect(psp.made).toEqual([1_000]);
    expect(shared.names()).toEqual([]);
    // Spent by tab B, the key is spent for tab A too: another refund of the amount is a new one.
    await refund(tabA, psp.send);
    expect(psp.made).toEqual([1_000, 1_000]);
  });

  it('shelves only unclear keys, under the merchant signed in, and nothing while no one is', async () => {
    const shared = shelf();
    const keys = tab(shared);
    keys.keyFor('a1', 500);
    expect(shared.names()).toEqual([]);
    const other = tab(shared, 'm2');
    const psp = service(5_000);
    psp.lose();
    await refund(keys, psp.send);
    expect(other.keyFor('a1', 1_000)).not.toBe(keys.keyFor('a1', 1_000));
    const nobody = new RefundKeys(() => `key-${++minted}`, shared, () => undefined);
    psp.lose();
    await refund(nobody, psp.send);
    expect(shared.names()).toHaveLength(1);
  });

  it('renames a key shelved under a contact\'s e-mail by an earlier page: the same refund still, and no e-mail left', async () => {
    const shared = shelf();
    shared.setItem('splitpay.dashboard.refundKey|m1|ops@shop.example|a1|1000', 'key-old');
    shared.setItem('splitpay.dashboard.language', 'en');
    unnameLegacyRefundKeys(shared);
    expect(shared.names().sort()).toEqual(['splitpay.dashboard.language', 'splitpay.dashboard.refundKey|m1|a1|1000']);
    expect(tab(shared).keyFor('a1', 1_000)).toBe('key-old');
  });
});
