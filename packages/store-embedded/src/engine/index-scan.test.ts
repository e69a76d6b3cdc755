import { EmbeddedDatabase } from './embedded-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form test documents
type Doc = { _id: string; [key: string]: any };

const NEWEST = { createdAt: -1, _id: -1 } as const;

/** 600 documents shaped like the store's: sessions of two merchants, most ended (no dueAt). */
async function sessions() {
  const db = new EmbeddedDatabase({ unindexedQueries: 'record' });
  const c = db.collection<Doc>('sessions');
  c.declareIndex({ tokenHash: 1 }, { name: 'token_unique', unique: true });
  c.declareIndex({ dueAt: 1 }, { name: 'due_at' });
  c.declareIndex({ merchantId: 1, ...NEWEST }, { name: 'merchant_newest' });
  c.declareIndex({ merchantId: 1, orderId: 1, ...NEWEST }, { name: 'merchant_order_newest' });
  c.declareIndex({ 'attempts.id': 1 }, { name: 'attempt_id', unique: true, partialFilterExpression: { 'attempts.id': { $exists: true } } });
  for (let i = 0; i < 600; i++) {
    const id = `s-${String(i).padStart(4, '0')}`;
    await c.insertOne({
      _id: id,
      merchantId: i % 3 === 0 ? 'small' : 'big',
      orderId: `o-${i % 50}`,
      createdAt: 1_000 + Math.floor(i / 2),
      tokenHash: `h-${i}`,
      attempts: [{ id: `a-${i}` }],
      ...(i % 100 === 7 ? { dueAt: i } : {}),
    });
  }
  return c;
}

describe('EmbeddedCollection reads through its declared indexes, as MongoDB would', () => {
  it('answers a unique one-field index by equality, then by range and in order once asked, refusing duplicates and forgetting deletions throughout', async () => {
    const c = new EmbeddedDatabase({ unindexedQueries: 'throw' }).collection<Doc>('tokens');
    c.declareIndex({ digest: 1 }, { name: 'digest_unique', unique: true });
    const ids = async (filter: Record<string, unknown>, sort?: Record<string, 1 | -1>) => (await (sort ? c.find(filter).sort(sort) : c.find(filter)).toArray()).map((doc) => doc._id);
    for (const n of [5, 1, 4, 2, 3]) await c.insertOne({ _id: `t${n}`, digest: `d${n}` });
    await expect(c.insertOne({ _id: 'x', digest: 'd4' })).rejects.toMatchObject({ code: 11000, keyValue: { digest: 'd4' } });
    await c.deleteOne({ _id: 't2' });
    await c.updateOne({ _id: 't3' }, { $set: { digest: 'd6' } });
    expect(c.explain({ digest: 'd1' })).toEqual({ index: 'digest_unique', docsExamined: 1, ordered: false });
    expect(await ids({ digest: { $in: ['d1', 'd2', 'd3', 'd6'] } })).toEqual(['t1', 't3']);
    expect(await ids({ digest: 2 })).toEqual([]);
    // Read in order, then by range: the index answers in key order from then on.
    expect(c.explain({ digest: { $gte: 'd' } }, { digest: -1 })).toMatchObject({ index: 'digest_unique', ordered: true });
    expect(await ids({ digest: { $gte: 'd' } }, { digest: -1 })).toEqual(['t3', 't5', 't4', 't1']);
    expect((await ids({ digest: { $gt: 'd1', $lt: 'd6' } })).sort()).toEqual(['t4', 't5']);
    await c.insertOne({ _id: 't2', digest: 'd2' });
    await expect(c.insertOne({ _id: 'y', digest: 'd6' })).rejects.toMatchObject({ code: 11000 });
    expect(await ids({ digest: { $gte: 'd' } }, { digest: 1 })).toEqual(['t1', 't2', 't4', 't5', 't3']);
    expect(await ids({ digest: 'd2' })).toEqual(['t2']);
  });

  it('keeps a unique one-field index in key order once a key of another type is stored, refusing its duplicates too', async () => {
    const c = new EmbeddedDatabase({ unindexedQueries: 'throw' }).collection<Doc>('refs');
    c.declareIndex({ ref: 1 }, { name: 'ref_unique', unique: true });
    await c.insertOne({ _id: 'a', ref: 'r1' });
    await c.insertOne({ _id: 'b', ref: 7 });
    await c.insertOne({ _id: 'c', ref: 'r0' });
    await expect(c.insertOne({ _id: 'd', ref: 7 })).rejects.toMatchObject({ code: 11000, keyValue: { ref: 7 } });
    await expect(c.insertOne({ _id: 'e', ref: 'r1' })).rejects.toMatchObject({ code: 11000, keyValue: { ref: 'r1' } });
    // BSON order: numbers before strings.
    expect((await c.find({ ref: { $in: [7, 'r0', 'r1', 'r9'] } }).sort({ ref: 1 }).toArray()).map((doc) => doc._id)).toEqual(['b', 'c', 'a']);
    expect((await c.findOne({ ref: 'r0' }))?._id).toBe('c');
  });

  it('reads one document for an equality on a unique index, a multikey one included', async () => {
    const c = await sessions();
    expect(c.explain({ tokenHash: 'h-321' })).toEqual({ index: 'token_unique', docsExamined: 1, ordered: false });
    expect(c.explain({ 'attempts.id': 'a-17' })).toEqual({ index: 'attempt_id', docsExamined: 1, ordered: false });
    expect((await c.findOne({ tokenHash: 'h-321' }))?._id).toBe('s-0321');
    expect(c.explain({ tokenHash: 'nobody' }).docsExamined).toBe(0);
  });

  it('walks a keyset page in index order and stops at the limit: no sort in memory', async () => {
    const c = await sessions();
    const after = { createdAt: 1_200, id: 's-0400' };
    const filter = { merchantId: 'big', createdAt: { $lte: after.createdAt }, $or: [{ createdAt: { $lt: after.createdAt } }, { _id: { $lt: after.id } }] };
    const explained = c.explain(filter, NEWEST, 21);
    expect(explained).toMatchObject({ index: 'merchant_newest', ordered: true });
    // The 21 rows, plus the two entries at the cursor's own instant that the $or turns away.
    expect(explained.docsExamined).toBe(23);
    const page = await c.find(filter).sort(NEWEST).limit(21).toArray();
    expect(page).toHaveLength(21);
    expect(page.every((d) => d.merchantId === 'big' && d.createdAt <= 1_200)).toBe(true);
    expect(page.map((d) => d._id)).toEqual([...page.map((d) => d._id)].sort().reverse());
  });

  it('reads only the span of an equality prefix, and of a range on the next field', async () => {
    const c = await sessions();
    expect(c.explain({ merchantId: 'big', orderId: 'o-1' }, NEWEST)).toEqual({ index: 'merchant_order_newest', docsExamined: 8, ordered: true });
    expect(c.explain({ merchantId: 'small', createdAt: { $gte: 1_000, $lt: 1_030 } })).toEqual({ index: 'merchant_newest', docsExamined: 20, ordered: false });
    expect(c.explain({ merchantId: { $in: ['small', 'nobody'] }, orderId: 'o-3' }, NEWEST)).toEqual({ index: 'merchant_order_newest', docsExamined: 4, ordered: false });
  });

  it('claims the earliest due document without reading those that have no due date', async () => {
    const c = await sessions();
    const due = { dueAt: { $lte: 500 }, $or: [{ lease: { $exists: false } }, { 'lease.until': { $lte: 500 } }] };
    expect(c.explain(due, { dueAt: 1 }, 1)).toEqual({ index: 'due_at', docsExamined: 1, ordered: true });
    expect((await c.findOneAndUpdate(due, { $set: { lease: { until: 900 } } }, { sort: { dueAt: 1 }, returnDocument: 'after' }))?._id).toBe('s-0007');
    expect(c.explain(due, { dueAt: 1 }, 1).docsExamined).toBe(2);
    expect((await c.find({ dueAt: { $lte: 500 } }).toArray()).map((d) => d._id)).toEqual(['s-0007', 's-0107', 's-0207', 's-0307', 's-0407']);
  });

  it('keeps its entries in step with updates and deletes', async () => {
    const c = await sessions();
    await c.updateOne({ _id: 's-0003' }, { $set: { tokenHash: 'moved', merchantId: 'big' } });
    expect(c.explain({ tokenHash: 'h-3' }).docsExamined).toBe(0);
    expect((await c.findOne({ tokenHash: 'moved' }))?._id).toBe('s-0003');
    await c.deleteOne({ _id: 's-0003' });
    expect(c.explain({ tokenHash: 'moved' }).docsExamined).toBe(0);
    expect(await c.findOne({ tokenHash: 'moved' })).toBeNull();
  });

  it('reads every document only when no declared index bounds the query (which the audit reports)', async () => {
    const c = await sessions();
    expect(c.explain({ orderId: 'o-1' })).toEqual({ docsExamined: 600, ordered: false });
    // A partial index holds no document without the field: a null equality cannot use it.
    expect(c.explain({ 'attempts.id': null })).toEqual({ docsExamined: 600, ordered: false });
  });

  it('reads ranges and orders of _id from _id_, with every write made before and after the first such read (documents packed or not)', async () => {
    const c = new EmbeddedDatabase({ unindexedQueries: 'throw', hotDocuments: 2 }).collection<{ _id: string; v: number }>('things');
    c.declareIndex({ v: 1 }, { name: 'v_unique', unique: true, partialFilterExpression: { v: { $gte: 3 } } });
    for (const id of ['d', 'a', 'c', 'f', 'b']) await c.insertOne({ _id: id, v: 1 });
    await c.deleteOne({ _id: 'c' });
    await c.updateOne({ _id: 'a' }, { $set: { v: 2 } });
    const ids = async (filter: object, direction: 1 | -1) => (await c.find(filter).sort({ _id: direction }).toArray()).map((d) => `${d._id}${d.v}`);
    expect(c.explain({ _id: { $gte: 'b' } }, { _id: -1 })).toMatchObject({ index: '_id_', ordered: true });
    await expect(ids({ _id: { $gte: 'b' } }, -1)).resolves.toEqual(['f1', 'd1', 'b1']);
    await expect(ids({ _id: { $gte: 'a' } }, 1)).resolves.toEqual(['a2', 'b1', 'd1', 'f1']);

    await c.insertOne({ _id: 'e', v: 1 });
    await c.insertOne({ _id: 'c', v: 3 });
    await c.deleteOne({ _id: 'f' });
    await expect(c.insertOne({ _id: 'd', v: 9 })).rejects.toMatchObject({ code: 11000 });
    // Refused by another unique index after `_id_` took the new document: `_id_` lets it go again.
    await expect(c.insertOne({ _id: 'bb', v: 3 })).rejects.toMatchObject({ code: 11000, keyPattern: { v: 1 } });
    await c.updateOne({ _id: 'b' }, { $set: { v: 4 } });
    await expect(ids({ _id: { $gt: 'a', $lt: 'f' } }, 1)).resolves.toEqual(['b4', 'c3', 'd1', 'e1']);
    await expect(ids({ _id: { $lte: 'z' } }, -1)).resolves.toEqual(['e1', 'd1', 'c3', 'b4', 'a2']);
  });
});
