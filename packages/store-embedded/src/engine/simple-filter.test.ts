import fc from 'fast-check';
import { Query } from 'mingo';
import { quickTestOf } from './simple-filter';

const scalar = fc.oneof(fc.constantFrom('a', 'b', 'ab', ''), fc.integer({ min: -2, max: 2 }), fc.constantFrom(0.5, true, false));
const value = fc.oneof(scalar, fc.constant(null), fc.constant(undefined), fc.array(scalar, { maxLength: 2 }), fc.record({ x: scalar }), fc.constant(new Date(1)));
const doc = fc.record({ a: value, n: fc.record({ x: value }, { requiredKeys: [] }) }, { requiredKeys: [] });
const bound = fc.oneof(fc.constantFrom('a', 'b'), fc.integer({ min: -2, max: 2 }));
const condition = fc.oneof(
  scalar,
  fc.record({ $lt: bound, $gte: bound }, { requiredKeys: [] }),
  fc.record({ $lte: fc.integer({ min: -2, max: 2 }), $gt: fc.integer({ min: -2, max: 2 }) }, { requiredKeys: [] }),
  fc.record({ $exists: fc.boolean() }),
  fc.constant(null),
);
const filter = fc.record({ a: condition, 'n.x': condition }, { requiredKeys: [] });

describe('quickTestOf', () => {
  it('agrees with mingo wherever it answers, and leaves arrays on a filtered path to it', () => {
    fc.assert(
      fc.property(filter, doc, (f, d) => {
        const quick = quickTestOf(f)?.(d);
        if (quick !== undefined) expect(quick).toBe(new Query(f).test(d));
      }),
      { numRuns: 3_000 },
    );
  });

  it('answers the filters of an optimistic save and of a search entry upsert, not the worker claim', () => {
    expect(quickTestOf({ _id: 's1', version: 3, 'lease.owner': 'w1' })?.({ _id: 's1', version: 3, lease: { owner: 'w1' } })).toBe(true);
    expect(quickTestOf({ _id: 't1', sessionVersion: { $lt: 4 } })?.({ _id: 't1', sessionVersion: 4 })).toBe(false);
    expect(quickTestOf({ _id: 's1', version: 3 })?.({ _id: 's1', version: [3] })).toBeUndefined();
    expect(quickTestOf({ dueAt: { $lte: 5 }, $or: [{ lease: { $exists: false } }] })).toBeUndefined();
  });
});
