import fc from 'fast-check';
import { find as mingoFind } from 'mingo';
import { EmbeddedDatabase } from './embedded-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form test documents
type Doc = { _id: string; [key: string]: any };

/** Indexes like the store's: compound newest-first, a range field, a multikey one, a unique partial one. */
function openCollection() {
  const c = new EmbeddedDatabase({ unindexedQueries: 'record' }).collection<Doc>('things');
  c.declareIndex({ m: 1, at: -1, _id: -1 }, { name: 'm_newest' });
  c.declareIndex({ m: 1, k: 1, at: -1, _id: -1 }, { name: 'm_k_newest' });
  c.declareIndex({ due: 1 }, { name: 'due' });
  // Five fields of mixed directions: the fifth is past the entry's own fields (its `more`).
  c.declareIndex({ m: 1, k: -1, due: 1, at: -1, _id: 1 }, { name: 'five' });
  c.declareIndex({ tags: 1 }, { name: 'tags' });
  c.declareIndex({ 'list.id': 1 }, { name: 'list_id', unique: true, partialFilterExpression: { 'list.id': { $exists: true } } });
  return c;
}

const small = <T extends string | number | boolean>(...values: T[]) => fc.constantFrom<T>(...values);
const idArb = fc.integer({ min: 0, max: 40 }).map((n) => `id-${n.toString().padStart(2, '0')}`);
const docArb = fc.record(
  {
    m: small('a', 'b', 'c'),
    k: small<string | number | boolean>('x', 'y', 1, true),
    at: fc.integer({ min: 0, max: 6 }),
    due: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.constant(null), small('soon')),
    tags: fc.array(small('t1', 't2', 't3'), { maxLength: 3 }),
  },
  { requiredKeys: ['m', 'at'] },
);

const queryArb = fc.oneof(
  fc.record({ m: small('a', 'b', 'z') }),
  fc.record({ m: small('a', 'b'), k: fc.oneof(small<string | number | boolean>('x', 'y', 1, true), fc.record({ $in: fc.array(small<string | number>('x', 'y', 1), { minLength: 1, maxLength: 3 }) })) }),
  fc.record({ m: fc.record({ $in: fc.array(small('a', 'b', 'c'), { minLength: 1, maxLength: 2 }) }) }),
  fc.record({ m: small('a', 'b'), at: fc.record({ $gte: fc.integer({ min: 0, max: 6 }), $lte: fc.integer({ min: 0, max: 6 }) }, { requiredKeys: [] }) }),
  fc.tuple(small('a', 'b'), fc.integer({ min: 0, max: 6 }), idArb).map(([m, at, id]) => ({ m, at: { $lte: at }, $or: [{ at: { $lt: at } }, { _id: { $lt: id } }] })),
  fc.record({ due: fc.oneof(fc.record({ $lte: fc.integer({ min: 0, max: 6 }) }), fc.record({ $gt: fc.integer({ min: 0, max: 6 }) })) }).map((q) => ({ ...q, $or: [{ lease: { $exists: false } }, { lease: { $lte: 3 } }] })),
  fc.record({ tags: fc.oneof(small('t1', 't2', 't4'), fc.record({ $in: fc.array(small('t1', 't3'), { minLength: 1 }) })) }),
  fc.record({ tags: fc.record({ $gt: small('t1', 't2'), $lt: small('t2', 't3') }) }),
  fc.record({ 'list.id': small('l1', 'l2') }),
  fc.record({ 'list.id': fc.constant(null) }),
  fc.record({ 'list.id': fc.oneof(fc.record({ $in: fc.array(small<string | number>('l1', 'l2', 'l-id-03', 7), { minLength: 1, maxLength: 3 }) }), fc.record({ $gte: small('l', 'l-id-2', 'l1') })) }),
  fc.record({ _id: fc.oneof(idArb, fc.record({ $in: fc.array(idArb, { maxLength: 4 }) })) }),
  fc.record({ _id: fc.record({ $gte: idArb, $lt: idArb }, { requiredKeys: ['$gte'] }) }),
);
const sortArb = fc.constantFrom<Record<string, 1 | -1> | undefined>(undefined, { at: -1, _id: -1 }, { at: 1, _id: 1 }, { at: -1 }, { due: 1 }, { due: -1 }, { k: 1, at: -1, _id: -1 }, { k: -1, due: 1, at: -1, _id: 1 }, { _id: 1 }, { _id: -1 });
const limitArb = fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined });

const opArb = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('put' as const), id: idArb, doc: docArb, list: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), id: idArb }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('lease' as const), id: idArb, lease: fc.integer({ min: 0, max: 6 }) }) },
);

describe('queries through the declared indexes answer exactly what a scan of every document answers', () => {
  it('for any documents, writes and queries (equality prefixes, $in, ranges, keyset $or, multikey, partial, sorts, limits)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 60, size: 'large' }), fc.nat(), fc.array(fc.tuple(queryArb, sortArb, limitArb), { minLength: 1, maxLength: 8, size: 'large' }), async (ops, cut, queries) => {
        const c = openCollection();
        /** The reference: every document, in first-insertion order. */
        const reference = new Map<string, Doc>();
        // A read in `_id` order among the writes: `_id_`, built at the first such read, then follows
        // the writes after it (inserts, replaces, deletes, writes another unique index refuses).
        const firstIdRead = cut % (ops.length + 1);
        for (const [at, op] of ops.entries()) {
          if (at === firstIdRead) {
            const inOrder = (await c.find({ _id: { $gte: 'id-' } }).sort({ _id: -1 }).toArray()).map((d) => d._id);
            expect(inOrder).toEqual([...reference.keys()].sort().reverse());
          }
          if (op.kind === 'put') {
            const doc: Doc = { _id: op.id, ...op.doc, ...(op.list ? { list: [{ id: `l-${op.id}` }, { id: op.id.endsWith('1') ? 'l1' : op.id.endsWith('7') ? 7 : 'l2' }] } : {}) };
            try {
              await c.replaceOne({ _id: op.id }, doc, { upsert: true });
              reference.set(op.id, doc);
            } catch (error) {
              expect((error as { code?: number }).code).toBe(11000);
            }
          } else if (op.kind === 'delete') {
            await c.deleteOne({ _id: op.id });
            reference.delete(op.id);
          } else {
            const changed = await c.updateOne({ _id: op.id }, { $set: { lease: op.lease } });
            const known = reference.get(op.id);
            if (known) reference.set(op.id, { ...known, lease: op.lease });
            expect(changed.matchedCount).toBe(known ? 1 : 0);
          }
        }
        for (const [filter, sort, limit] of queries) {
          let expected = mingoFind([...reference.values()], filter);
          if (sort) expected = expected.sort(sort);
          if (limit !== undefined) expected = expected.limit(limit);
          const want = (expected.all() as Doc[]).map((d) => d._id);
          let cursor = c.find(filter);
          if (sort) cursor = cursor.sort(sort);
          if (limit !== undefined) cursor = cursor.limit(limit);
          const got = (await cursor.toArray()).map((d) => d._id);
          if (sort) expect(got).toEqual(want);
          else expect([...got].sort()).toEqual([...want].sort());
          const first = await c.findOneAndUpdate(filter, { $set: { touched: true } }, { ...(sort ? { sort } : {}), returnDocument: 'before' });
          if (sort) expect(first?._id ?? null).toBe(want[0] ?? null);
          if (first) reference.set(first._id, { ...reference.get(first._id)!, touched: true });
        }
      }),
      { numRuns: 150 },
    );
  });
});
