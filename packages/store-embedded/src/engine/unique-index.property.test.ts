import fc from 'fast-check';
import { find as mingoFind } from 'mingo';
import { EmbeddedDatabase } from './embedded-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form test documents
type Doc = { _id: string; [key: string]: any };

const idArb = fc.integer({ min: 0, max: 12 }).map((n) => `id-${n}`);
const codeArb = fc.constantFrom('c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8');
const queryArb = fc.oneof(
  { weight: 4, arbitrary: codeArb.map((code) => ({ code })) },
  { weight: 2, arbitrary: fc.array(codeArb, { minLength: 1, maxLength: 3 }).map((codes) => ({ code: { $in: codes } })) },
  { weight: 1, arbitrary: fc.constantFrom('c', 'c4').map((low) => ({ code: { $gte: low } })) },
);
const stepArb = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('put' as const), id: idArb, code: codeArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), id: idArb }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('query' as const), filter: queryArb }) },
);

/**
 * In a run with `others`, code c7 is the number 7 and c8 no code at all (null in the index, as MongoDB
 * keys a missing field): the first of them moves the index from its map to its tree. Without, every
 * key is a string and the map serves the run unless a range is read.
 */
function codeOf(code: string, others: boolean): unknown {
  if (!others) return code;
  return code === 'c7' ? 7 : code === 'c8' ? undefined : code;
}

function filterOf(filter: { code: unknown }, others: boolean): { code: unknown } {
  const code = filter.code as string | { $in?: string[]; $gte?: string };
  if (typeof code === 'string') return { code: codeOf(code, others) ?? null };
  if (code.$in) return { code: { $in: code.$in.map((one) => codeOf(one, others) ?? null) } };
  return filter;
}

describe('a unique index of one field, its string keys in a map until its tree is needed', () => {
  it('refuses, forgets and finds exactly as a scan of every document does, writes and reads interleaved, before and after the tree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.array(stepArb, { minLength: 1, maxLength: 80 }), async (others, steps) => {
        const c = new EmbeddedDatabase({ unindexedQueries: 'throw' }).collection<Doc>('things');
        c.declareIndex({ code: 1 }, { name: 'code_unique', unique: true });
        const reference = new Map<string, Doc>();
        for (const step of steps) {
          if (step.kind === 'put') {
            const code = codeOf(step.code, others);
            const doc: Doc = { _id: step.id, ...(code !== undefined ? { code } : {}) };
            const taken = [...reference.values()].some((other) => other._id !== step.id && other.code === code);
            const write = c.replaceOne({ _id: step.id }, doc, { upsert: true });
            if (taken) await expect(write).rejects.toMatchObject({ code: 11000 });
            else {
              await write;
              reference.set(step.id, doc);
            }
          } else if (step.kind === 'delete') {
            await c.deleteOne({ _id: step.id });
            reference.delete(step.id);
          } else {
            const filter = filterOf(step.filter, others);
            const want = (mingoFind([...reference.values()], filter).all() as Doc[]).map((doc) => doc._id).sort();
            const got = (await c.find(filter).toArray()).map((doc) => doc._id).sort();
            expect(got).toEqual(want);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
