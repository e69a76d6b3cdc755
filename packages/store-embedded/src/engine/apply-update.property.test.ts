import fc from 'fast-check';
import { update as mingoUpdate } from 'mingo';
import { applyUpdate, deepCopy, type StoredDocument } from './apply-update';

const field = fc.constantFrom('a', 'b', 'c', 'lease', 'attempts');
const value = fc.oneof(
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom('x', 'y', true, false, null),
  fc.constant(new Date(Date.UTC(2026, 0, 1))),
  fc.array(fc.oneof(fc.integer({ min: 0, max: 2 }), fc.record({ id: fc.constantFrom('t1', 't2') })), { maxLength: 3 }),
  fc.record({ owner: fc.constantFrom('w1', 'w2'), until: fc.integer({ min: 0, max: 2 }) }, { requiredKeys: [] }),
);
// What a repository hands over as it is: fields holding undefined (never stored), in objects and arrays.
const given = fc.oneof(
  value,
  fc.record({ owner: fc.constantFrom('w1', undefined), until: fc.constantFrom(0, undefined) }, { requiredKeys: [] }),
  fc.array(fc.oneof(fc.constant(undefined), fc.constant(null), fc.record({ id: fc.constantFrom('t1', undefined) })), { maxLength: 2 }),
);
const docArb = fc.dictionary(field, value, { maxKeys: 5 }).map((fields): StoredDocument => ({ _id: 's1', ...fields }));
const updateArb = fc
  .record({ $set: fc.dictionary(field, given, { maxKeys: 4 }), $unset: fc.dictionary(field, fc.constant(''), { maxKeys: 2 }) }, { requiredKeys: [] })
  .filter((update) => {
    const set = Object.keys(update.$set ?? {});
    const unset = Object.keys(update.$unset ?? {});
    return set.length + unset.length > 0 && !unset.some((name) => set.includes(name));
  });

describe('applyUpdate of top-level $set and $unset (the quick path)', () => {
  it('answers what mingo\'s own update answers: the same document, field order included, and whether anything changed', () => {
    fc.assert(
      fc.property(docArb, updateArb, (doc, update) => {
        const stored = deepCopy(doc);
        const { doc: after, modified } = applyUpdate(stored, update as Record<string, unknown>, false);
        const expected = deepCopy(doc);
        const changed = mingoUpdate(expected, deepCopy(update) as never);
        expect(after).toEqual(expected);
        expect(Object.keys(after)).toEqual(Object.keys(expected));
        expect(modified).toBe(changed.length > 0);
        expect(stored).toEqual(doc);
        // Nothing stored is shared with the caller's update.
        for (const inner of Object.values(update.$set ?? {})) if (inner !== null && typeof inner === 'object') expect(Object.values(after)).not.toContain(inner);
      }),
      { numRuns: 2_000 },
    );
  });
});
