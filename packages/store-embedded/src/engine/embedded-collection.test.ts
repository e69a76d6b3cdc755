import { EmbeddedDatabase } from './embedded-database';
import { UnindexedQueryError } from './engine-errors';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form test documents
type Doc = { _id: string; [key: string]: any };

function collection(policy: 'throw' | 'record' = 'throw') {
  const db = new EmbeddedDatabase({ unindexedQueries: policy });
  const c = db.collection<Doc>('things');
  return { db, c };
}

describe('EmbeddedCollection', () => {
  it('answers queries, sorts, limits and projections with MongoDB semantics (through nested arrays)', async () => {
    const { c } = collection();
    c.declareIndex({ k: 1, at: -1 });
    c.declareIndex({ 'items.parts.id': 1 });
    await c.insertOne({ _id: 'a', k: 'x', at: 1, items: [{ parts: [{ id: 'p1' }, { id: 'p2' }] }] });
    await c.insertOne({ _id: 'b', k: 'x', at: 3, items: [] });
    await c.insertOne({ _id: 'c', k: 'x', at: 2, items: [{ parts: [{ id: 'p3' }] }] });
    await c.insertOne({ _id: 'd', k: 'y', at: 9 });
    expect((await c.findOne({ 'items.parts.id': 'p2' }))?._id).toBe('a');
    const page = await c.find({ k: 'x', at: { $lte: 3 }, $or: [{ at: { $lt: 3 } }, { _id: { $lt: 'b' } }] }).sort({ at: -1 }).limit(1).toArray();
    expect(page.map((d) => d._id)).toEqual(['c']);
    expect(await c.findOne({ _id: 'a' }, { projection: { at: 1 } })).toEqual({ _id: 'a', at: 1 });
  });

  it('refuses a duplicate like the driver (E11000 with keyPattern and keyValue), on _id and unique indexes', async () => {
    const { c } = collection();
    c.declareIndex({ email: 1 }, { name: 'email_unique', unique: true });
    await c.insertOne({ _id: '1', email: 'a@x' });
    await expect(c.insertOne({ _id: '1', email: 'b@x' })).rejects.toMatchObject({ code: 11000, keyPattern: { _id: 1 }, keyValue: { _id: '1' } });
    await expect(c.insertOne({ _id: '2', email: 'a@x' })).rejects.toMatchObject({
      code: 11000,
      index: 'email_unique',
      keyPattern: { email: 1 },
      keyValue: { email: 'a@x' },
      message: expect.stringMatching(/^E11000 duplicate key error collection: things index: email_unique/),
    });
    await c.insertOne({ _id: '2', email: 'b@x' });
    await expect(c.updateOne({ _id: '2' }, { $set: { email: 'a@x' } })).rejects.toMatchObject({ code: 11000 });
    expect(await c.findOne({ _id: '2' })).toEqual({ _id: '2', email: 'b@x' });
  });

  it('enforces multikey uniqueness across documents only, and a partial index only where its filter matches', async () => {
    const { c } = collection();
    c.declareIndex({ 'list.id': 1 }, { name: 'list_id', unique: true, partialFilterExpression: { 'list.id': { $exists: true } } });
    await c.insertOne({ _id: '1', list: [{ id: 'a' }, { id: 'a' }, { id: 'b' }] });
    await c.insertOne({ _id: '2', list: [] });
    await c.insertOne({ _id: '3', list: [] });
    await expect(c.insertOne({ _id: '4', list: [{ id: 'c' }, { id: 'b' }] })).rejects.toMatchObject({ code: 11000, keyValue: { 'list.id': 'b' } });
    const strict = collection().c;
    strict.declareIndex({ 'list.id': 1 }, { unique: true });
    await strict.insertOne({ _id: '1', list: [] });
    await expect(strict.insertOne({ _id: '2', list: [] })).rejects.toMatchObject({ code: 11000 });
  });

  it('copies documents in and out, so no caller can change what is stored', async () => {
    const { c } = collection();
    const doc = { _id: 'a', nested: { n: 1 }, list: [1] };
    await c.insertOne(doc);
    doc.nested.n = 2;
    doc.list.push(2);
    const read = await c.findOne({ _id: 'a' });
    (read!.nested as { n: number }).n = 3;
    const value = { n: 4 };
    await c.updateOne({ _id: 'a' }, { $set: { other: value } });
    value.n = 5;
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', nested: { n: 1 }, list: [1], other: { n: 4 } });
  });

  it('runs each single-document operation atomically: concurrent callers never interleave inside one', async () => {
    const { c } = collection();
    await c.insertOne({ _id: 'counter', n: 0, owner: null });
    await Promise.all(Array.from({ length: 100 }, () => c.findOneAndUpdate({ _id: 'counter' }, { $inc: { n: 1 } }, { returnDocument: 'after' })));
    expect((await c.findOne({ _id: 'counter' }))?.n).toBe(100);
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => c.findOneAndUpdate({ _id: 'counter', owner: null }, { $set: { owner: `w${i}` } }, { returnDocument: 'after' })),
    );
    expect(claims.filter((claim) => claim !== null)).toHaveLength(1);
  });

  it('answers the document before or after an update, as asked', async () => {
    const { c } = collection();
    await c.insertOne({ _id: 'a', n: 1 });
    expect(await c.findOneAndUpdate({ _id: 'a' }, { $inc: { n: 1 } }, { returnDocument: 'before' })).toEqual({ _id: 'a', n: 1 });
    expect(await c.findOneAndUpdate({ _id: 'a' }, { $inc: { n: 1 } }, { returnDocument: 'after' })).toEqual({ _id: 'a', n: 3 });
    expect(await c.findOneAndDelete({ _id: 'a' })).toEqual({ _id: 'a', n: 3 });
    expect(await c.findOne({ _id: 'a' })).toBeNull();
  });

  it('answers a document before an update that its caller may change without touching what is stored, fields the update left alone included', async () => {
    const { c } = collection();
    c.declareIndex({ 'list.id': 1 });
    await c.insertOne({ _id: 'a', kept: { deep: [1] }, list: [{ id: 'l1' }], n: { deep: 1 } });
    const before = (await c.findOneAndUpdate({ _id: 'a' }, { $set: { list: [{ id: 'l2' }] }, $inc: { 'n.deep': 1 } } as never, { returnDocument: 'before' }))!;
    before.kept.deep.push(2);
    before.list[0].id = 'changed';
    before.n.deep = 9;
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', kept: { deep: [1] }, list: [{ id: 'l2' }], n: { deep: 2 } });
    const again = (await c.findOneAndUpdate({ _id: 'a' }, { $set: { list: [{ id: 'l3' }], kept: { deep: [1] } } }, { returnDocument: 'before' }))!;
    again.kept.deep.push(3);
    again.n.deep = 7;
    expect(await c.findOne({ 'list.id': 'l3' })).toEqual({ _id: 'a', kept: { deep: [1] }, list: [{ id: 'l3' }], n: { deep: 2 } });
  });

  it('upserts from the filter\'s equalities, applying $setOnInsert only on insert', async () => {
    const { c } = collection();
    const first = await c.updateOne({ _id: 'a', v: { $lt: 2 } }, { $set: { v: 2 }, $setOnInsert: { born: true } }, { upsert: true });
    expect(first).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
    await c.updateOne({ _id: 'a', v: { $lt: 3 } }, { $set: { v: 3 }, $setOnInsert: { born: false } }, { upsert: true });
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 3, born: true });
    await expect(c.updateOne({ _id: 'a', v: { $lt: 3 } }, { $set: { v: 3 } }, { upsert: true })).rejects.toMatchObject({ code: 11000 });
  });

  it('refuses updates without operators and changes of _id', async () => {
    const { c } = collection();
    await c.insertOne({ _id: 'a' });
    await expect(c.updateOne({ _id: 'a' }, { v: 1 } as never)).rejects.toThrow(/atomic operators/);
    await expect(c.updateOne({ _id: 'a' }, { $set: { _id: 'b' } })).rejects.toMatchObject({ code: 66 });
    await expect(c.replaceOne({ _id: 'a' }, { _id: 'b' } as never)).rejects.toMatchObject({ code: 66 });
  });

  it('refuses overlapping paths in one update and unknown operators, and counts an update that changes nothing as unmodified', async () => {
    const { c } = collection();
    await c.insertOne({ _id: 'a', v: 1, nested: { n: 1 } });
    await expect(c.updateOne({ _id: 'a' }, { $set: { v: 2 }, $unset: { v: '' } })).rejects.toMatchObject({ code: 40 });
    await expect(c.updateOne({ _id: 'a' }, { $set: { nested: {}, 'nested.n': 2 } })).rejects.toMatchObject({ code: 40 });
    // A path sorting between a field and the field's own paths ('nested-x' before 'nested.n') hides no conflict.
    await expect(c.updateOne({ _id: 'a' }, { $set: { 'nested-x': 1, nested: {}, 'nested.n': 2 } })).rejects.toMatchObject({ code: 40 });
    await expect(c.updateOne({ _id: 'a' }, { $set: { 'nested.n': 2 }, $unset: { 'nested.n.deep': '' } } as never)).rejects.toMatchObject({ code: 40 });
    await expect(c.updateOne({ _id: 'a' }, { $frobnicate: { v: 2 } } as never)).rejects.toMatchObject({ code: 9 });
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 1, nested: { n: 1 } });
    expect(await c.updateOne({ _id: 'a' }, { $set: { v: 1, nested: { n: 1 } } })).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    expect(await c.updateOne({ _id: 'a' }, { $inc: { 'nested.n': 1 } })).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    expect(await c.findOne({ _id: 'a' })).toEqual({ _id: 'a', v: 1, nested: { n: 2 } });
  });

  it('leaves the stored document whole when an update in place is refused by a unique index', async () => {
    const { c } = collection();
    c.declareIndex({ 'tags.code': 1 }, { name: 'code_unique', unique: true });
    await c.insertOne({ _id: 'a', tags: [{ code: 'x' }] });
    await c.insertOne({ _id: 'b', tags: [{ code: 'y' }], n: { deep: 1 } });
    await expect(c.updateOne({ _id: 'b' }, { $push: { tags: { code: 'x' } }, $inc: { 'n.deep': 1 } } as never)).rejects.toMatchObject({ code: 11000 });
    expect(await c.findOne({ _id: 'b' })).toEqual({ _id: 'b', tags: [{ code: 'y' }], n: { deep: 1 } });
    expect(await c.findOne({ 'tags.code': 'y' })).toMatchObject({ _id: 'b' });
  });

  it('moves only the multikey entries a write changes, and puts back those it moved when a unique index refuses it', async () => {
    const { c } = collection();
    c.declareIndex({ 'attempts.transactions.id': 1 }, { name: 'transaction_unique', unique: true });
    c.declareIndex({ 'attempts.status': 1 });
    await c.insertOne({ _id: 'a', attempts: [{ status: 'PAID', transactions: [{ id: 't1' }, { id: 't2' }] }] });
    await c.insertOne({ _id: 'b', attempts: [{ status: 'PENDING', transactions: [{ id: 't3' }] }] });
    const refused = [{ status: 'PAID', transactions: [{ id: 't4' }] }, { status: 'PENDING', transactions: [{ id: 't1' }] }];
    await expect(c.updateOne({ _id: 'b' }, { $set: { attempts: [{ status: 'PENDING', transactions: [{ id: 't3' }] }, ...refused] } })).rejects.toMatchObject({ code: 11000, keyValue: { 'attempts.transactions.id': 't1' } });
    const owner = async (filter: Record<string, unknown>) => (await c.find(filter).toArray()).map((doc) => doc._id);
    expect([await owner({ 'attempts.transactions.id': 't1' }), await owner({ 'attempts.transactions.id': 't3' }), await owner({ 'attempts.transactions.id': 't4' })]).toEqual([['a'], ['b'], []]);
    await c.updateOne({ _id: 'b' }, { $set: { attempts: [{ status: 'PAID', transactions: [{ id: 't4' }] }, { status: 'PENDING', transactions: [{ id: 't3' }, { id: 't5' }] }] } });
    expect([await owner({ 'attempts.transactions.id': 't3' }), await owner({ 'attempts.transactions.id': 't4' }), await owner({ 'attempts.transactions.id': 't5' })]).toEqual([['b'], ['b'], ['b']]);
    expect([await owner({ 'attempts.status': 'PAID' }), await owner({ 'attempts.status': 'PENDING' })]).toEqual([['a', 'b'], ['b']]);
    await c.updateOne({ _id: 'b' }, { $set: { attempts: [{ status: 'PAID', transactions: [{ id: 't5' }] }] } });
    expect([await owner({ 'attempts.transactions.id': 't3' }), await owner({ 'attempts.transactions.id': 't5' }), await owner({ 'attempts.status': 'PENDING' })]).toEqual([[], ['b'], []]);
    await c.insertOne({ _id: 'c', attempts: [{ status: 'PAID', transactions: [{ id: 't3' }, { id: 't4' }] }] });
    expect(await owner({ 'attempts.transactions.id': 't4' })).toEqual(['c']);
  });

  it('leaves no trace of a write the second of two unique indexes refuses: the first one gives its new key back', async () => {
    const { c } = collection();
    c.declareIndex({ a: 1 }, { name: 'a_unique', unique: true });
    c.declareIndex({ b: 1 }, { name: 'b_unique', unique: true });
    await c.insertOne({ _id: '1', a: 1, b: 1 });
    await expect(c.insertOne({ _id: '2', a: 2, b: 1 })).rejects.toMatchObject({ code: 11000, keyValue: { b: 1 } });
    expect(await c.findOne({ a: 2 })).toBeNull();
    await c.insertOne({ _id: '3', a: 2, b: 3 });
    await expect(c.updateOne({ _id: '3' }, { $set: { a: 5, b: 1 } })).rejects.toMatchObject({ code: 11000, keyValue: { b: 1 } });
    expect(await c.findOne({ a: 2 })).toMatchObject({ _id: '3', b: 3 });
    expect(await c.findOne({ a: 5 })).toBeNull();
    await c.insertOne({ _id: '4', a: 5, b: 4 });
    expect(await c.findOne({ a: 5 })).toMatchObject({ _id: '4' });
    await expect(c.insertOne({ _id: '5', a: 2, b: 5 })).rejects.toMatchObject({ keyValue: { a: 2 } });
  });

  it('refuses a query that no declared index serves, and records it under the record policy', async () => {
    const { c } = collection();
    c.declareIndex({ merchantId: 1, createdAt: -1 });
    await expect(c.findOne({ orderId: 'o' })).rejects.toThrow(UnindexedQueryError);
    await expect(c.find({ merchantId: 'm' }).sort({ amount: -1 }).toArray()).rejects.toThrow(/not served by any declared index/);
    await expect(c.find({ merchantId: 'm' }).sort({ createdAt: 1 }).toArray()).resolves.toEqual([]);

    const { db, c: recorded } = collection('record');
    await recorded.findOne({ orderId: 'o' });
    expect(db.audit.unindexed()).toEqual([expect.objectContaining({ collection: 'things', operation: 'findOne', shape: '{"orderId":"string"}' })]);
  });

  it('judges each query shape as often as it is asked: again refused, served once an index is declared, told apart by value kinds', async () => {
    const { c } = collection();
    c.declareIndex({ merchantId: 1, createdAt: -1 });
    await expect(c.findOne({ orderId: 'o1' })).rejects.toThrow(UnindexedQueryError);
    await expect(c.findOne({ orderId: 'o2' })).rejects.toThrow(UnindexedQueryError);
    c.declareIndex({ orderId: 1 });
    await expect(c.findOne({ orderId: 'o3' })).resolves.toBeNull();
    // A scalar equality bounds the index; a null one does not reach a partial index on the field.
    c.declareIndex({ ref: 1 }, { partialFilterExpression: { ref: { $exists: true } } });
    await expect(c.findOne({ ref: 'r' })).resolves.toBeNull();
    await expect(c.findOne({ ref: null })).rejects.toThrow(UnindexedQueryError);
    await expect(c.findOne({ ref: 'r' })).resolves.toBeNull();
  });

  it('moves the index entries of exactly the fields an update reaches, by whole value, dotted path or removal', async () => {
    const { c } = collection();
    c.declareIndex({ k: 1, at: -1 });
    c.declareIndex({ 'items.code': 1 }, { name: 'code_unique', unique: true, partialFilterExpression: { 'items.code': { $exists: true } } });
    c.declareIndex({ ref: 1 });
    await c.insertOne({ _id: 'a', k: 'x', at: 1, ref: 'r1', items: [{ code: 'c1' }] });
    await c.insertOne({ _id: 'b', k: 'x', at: 2, ref: 'r2', items: [{ code: 'c2' }] });
    const ids = async (filter: Record<string, unknown>) => (await c.find(filter).toArray()).map((doc) => doc._id);

    await c.updateOne({ _id: 'a' }, { $set: { note: 'n', k: 'x' } });
    expect(await ids({ k: 'x' })).toEqual(['a', 'b']);
    await c.updateOne({ _id: 'a' }, { $set: { 'items.0.code': 'c9' } });
    expect(await ids({ 'items.code': 'c9' })).toEqual(['a']);
    expect(await ids({ 'items.code': 'c1' })).toEqual([]);
    await c.findOneAndUpdate({ _id: 'b' }, { $set: { k: 'y', at: 5 } }, { returnDocument: 'after' });
    expect(await ids({ k: 'y' })).toEqual(['b']);
    expect(await ids({ k: 'x' })).toEqual(['a']);
    await c.updateOne({ _id: 'b' }, { $unset: { ref: '' } });
    expect(await ids({ ref: 'r2' })).toEqual([]);
    expect(await ids({ ref: null })).toEqual(['b']);
    await expect(c.replaceOne({ _id: 'a' }, { k: 'x', at: 1, ref: 'r1', items: [{ code: 'c2' }] })).rejects.toMatchObject({ code: 11000 });
    expect(await ids({ 'items.code': 'c2' })).toEqual(['b']);
    await expect(c.updateOne({ _id: 'a' }, { $push: { items: { code: 'c2' } } } as never)).rejects.toMatchObject({ code: 11000 });
    await c.updateOne({ _id: 'b' }, { $set: { items: [] } });
    await c.updateOne({ _id: 'a' }, { $push: { items: { code: 'c2' } } } as never);
    expect(await ids({ 'items.code': 'c2' })).toEqual(['a']);
  });

  it('applies a bulk of updates as the driver does: unordered tries every one and reports each refusal by index', async () => {
    const { c } = collection();
    await c.insertOne({ _id: 'a', v: 2 });
    const upsertOlder = (id: string, v: number) => ({ updateOne: { filter: { _id: id, v: { $lt: v } }, update: { $set: { v } }, upsert: true } });

    const unordered = c.bulkWrite([upsertOlder('a', 1), upsertOlder('b', 1), upsertOlder('a', 2), upsertOlder('c', 1)], { ordered: false });
    await expect(unordered).rejects.toMatchObject({
      code: 11000,
      writeErrors: [expect.objectContaining({ index: 0, code: 11000 }), expect.objectContaining({ index: 2, code: 11000 })],
      result: { matchedCount: 0, modifiedCount: 0, upsertedCount: 2 },
    });
    expect(await c.find({ _id: { $in: ['a', 'b', 'c'] } }).toArray()).toEqual([{ _id: 'a', v: 2 }, { _id: 'b', v: 1 }, { _id: 'c', v: 1 }]);

    await expect(c.bulkWrite([upsertOlder('a', 1), upsertOlder('d', 1)], {})).rejects.toMatchObject({ writeErrors: [expect.objectContaining({ index: 0 })] });
    expect(await c.findOne({ _id: 'd' })).toBeNull();
    await expect(c.bulkWrite([upsertOlder('a', 3), upsertOlder('b', 3)], { ordered: false })).resolves.toEqual({ matchedCount: 2, modifiedCount: 2, upsertedCount: 0 });
  });

  it('keeps index declarations idempotent and refuses a conflicting one', async () => {
    const { c } = collection();
    expect(c.declareIndex({ a: 1 }, { name: 'a' })).toBe('a');
    expect(await c.createIndex({ a: 1 }, { name: 'a' })).toBe('a');
    expect(() => c.declareIndex({ b: 1 }, { name: 'a' })).toThrow(/another specification/);
    await c.insertOne({ _id: '1', u: 1 });
    await c.insertOne({ _id: '2', u: 1 });
    expect(() => c.declareIndex({ u: 1 }, { unique: true })).toThrow(/E11000/);
  });
});
