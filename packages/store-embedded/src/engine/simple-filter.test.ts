import fc from 'fast-check';
import { Query } from 'mingo';
import { quickTestOf } from './simple-filter';

const scalar = fc.oneof(fc.constantFrom('a', 'b', 'ab', ''), fc.integer({ min: -2, max: 2 }), fc.constantFrom(0.5, true, false));
const item = fc.record({ x: fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })) }, { requiredKeys: [] });
const value = fc.oneof(
  scalar,
  fc.constant(null),
  fc.constant(undefined),
  fc.array(scalar, { maxLength: 2 }),
  fc.record({ x: scalar }),
  fc.constant(new Date(1)),
  // Arrays of documents (multikey paths), with holes and an array in an array.
  fc.array(fc.oneof(item, scalar, fc.constant(null)), { maxLength: 3 }),
  fc.array(fc.array(item, { maxLength: 1 }), { maxLength: 2 }),
);
const doc = fc.record({ a: value, n: fc.record({ x: value }, { requiredKeys: [] }) }, { requiredKeys: [] });
const bound = fc.oneof(fc.constantFrom('a', 'b'), fc.integer({ min: -2, max: 2 }));
const condition = fc.oneof(
  scalar,
  fc.record({ $lt: bound, $gte: bound }, { requiredKeys: [] }),
  fc.record({ $lte: fc.integer({ min: -2, max: 2 }), $gt: fc.integer({ min: -2, max: 2 }) }, { requiredKeys: [] }),
  fc.record({ $exists: fc.boolean() }),
  fc.constant(null),
);
const simple = fc.record({ a: condition, 'n.x': condition, 'a.x': condition, 'a.0': fc.record({ $exists: fc.boolean() }) }, { requiredKeys: [] });
const filter = fc.oneof(
  simple,
  fc.record({ a: condition, $or: fc.array(simple, { minLength: 1, maxLength: 3 }) }, { requiredKeys: ['$or'] }),
  fc.record({ $and: fc.array(simple, { minLength: 1, maxLength: 2 }), 'n.x': condition }, { requiredKeys: ['$and'] }),
);

describe('quickTestOf', () => {
  it('agrees with mingo wherever it answers, and leaves an array in an array or a position to it', () => {
    fc.assert(
      fc.property(filter, doc, (f, d) => {
        const quick = quickTestOf(f)?.(d);
        if (quick !== undefined) expect(quick).toBe(new Query(f).test(d));
      }),
      { numRuns: 3_000 },
    );
  });

  it('answers the filters of an optimistic save, a search entry upsert, a keyset page, the worker claim and a partial index', () => {
    expect(quickTestOf({ _id: 's1', version: 3, 'lease.owner': 'w1' })?.({ _id: 's1', version: 3, lease: { owner: 'w1' } })).toBe(true);
    expect(quickTestOf({ _id: 't1', sessionVersion: { $lt: 4 } })?.({ _id: 't1', sessionVersion: 4 })).toBe(false);
    expect(quickTestOf({ _id: 's1', version: 3 })?.({ _id: 's1', version: [[3]] })).toBeUndefined();
    const claim = quickTestOf({ dueAt: { $lte: 5 }, $or: [{ lease: { $exists: false } }, { 'lease.until': { $lt: 5 } }] });
    expect([{ dueAt: 5 }, { dueAt: 5, lease: { until: 9 } }, { dueAt: 5, lease: { until: 4 } }, { dueAt: 6 }].map((doc) => claim?.(doc))).toEqual([true, false, true, false]);
    // A partial index's filter: some attempt holds an id.
    const present = quickTestOf({ 'attempts.id': { $exists: true } });
    expect([{ attempts: [] }, { attempts: [{}, { id: 'a1' }] }, { attempts: [{}] }, {}].map((doc) => present?.(doc))).toEqual([false, true, false, false]);
    // A session found by one of its transactions or its PSP references (multikey paths), no mingo query.
    const byTransaction = quickTestOf({ 'attempts.transactions.id': 't2' });
    const session = { attempts: [{ transactions: [{ id: 't1' }] }, { transactions: [{ id: 't3' }, { id: 't2' }] }] };
    expect([session, { attempts: [{ transactions: [] }, {}] }, { attempts: [{ transactions: { id: 't2' } }] }].map((doc) => byTransaction?.(doc))).toEqual([true, false, true]);
    expect(quickTestOf({ providerRefs: 'fake:r2' })?.({ providerRefs: ['fake:r1', 'fake:r2'] })).toBe(true);
    expect(quickTestOf({ 'a.0': 1 })?.({ a: [1] })).toBeUndefined();
    const keyset = quickTestOf({ merchantId: 'm', createdAt: { $lte: 5 }, $or: [{ createdAt: { $lt: 5 } }, { _id: { $lt: 'k' } }] });
    expect([{ merchantId: 'm', createdAt: 5, _id: 'j' }, { merchantId: 'm', createdAt: 5, _id: 'k' }, { merchantId: 'm', createdAt: 4, _id: 'z' }].map((doc) => keyset?.(doc))).toEqual([true, false, true]);
  });
});
