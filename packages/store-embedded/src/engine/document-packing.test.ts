import { EmbeddedDatabase } from './embedded-database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form test documents
type Doc = { _id: string; [key: string]: any };

/** A collection keeping `hot` documents unpacked (0: every document is packed once written). */
function collection(hot: number) {
  const c = new EmbeddedDatabase({ hotDocuments: hot }).collection<Doc>('things');
  c.declareIndex({ k: 1, at: -1 });
  c.declareIndex({ 'items.id': 1 }, { name: 'item_unique', unique: true, partialFilterExpression: { 'items.id': { $exists: true } } });
  return c;
}

const rich = (id: string, k: string, at: number): Doc => ({
  _id: id,
  k,
  at,
  when: new Date(Date.UTC(2026, 0, at + 1)),
  nested: { deep: [{ a: 1, b: [true, null, 'é✓'] }], when: [new Date(0)] },
  items: [{ id: `${id}-1` }, { id: `${id}-2` }],
});

describe.each([0, 1, 512])('EmbeddedCollection with %i documents kept unpacked', (hot) => {
  it('gives back what was stored, dates as dates, whether the document was packed or not', async () => {
    const c = collection(hot);
    for (let i = 0; i < 5; i++) await c.insertOne(rich(`d${i}`, i % 2 ? 'odd' : 'even', i));
    for (let i = 0; i < 5; i++) expect(await c.findOne({ _id: `d${i}` })).toEqual(rich(`d${i}`, i % 2 ? 'odd' : 'even', i));
    const found = await c.findOne({ _id: 'd0' });
    expect(found?.when).toBeInstanceOf(Date);
    expect(found?.nested.when[0]).toBeInstanceOf(Date);
    expect((await c.find({ k: 'even' }).sort({ at: -1 }).toArray()).map((d) => d._id)).toEqual(['d4', 'd2', 'd0']);
  });

  it('shares nothing with callers: neither what they stored, nor what they read, nor what an update answered', async () => {
    const c = collection(hot);
    const doc = rich('a', 'x', 1);
    await c.insertOne(doc);
    doc.nested.deep[0].a = 99;
    doc.when.setTime(0);
    const read = (await c.findOne({ _id: 'a' }))!;
    read.nested.deep.push('changed');
    const after = (await c.findOneAndUpdate({ _id: 'a' }, { $set: { k: 'y' } }, { returnDocument: 'after' }))!;
    after.nested.deep.push('changed too');
    expect(await c.findOne({ _id: 'a' })).toEqual({ ...rich('a', 'x', 1), k: 'y' });
  });

  it('keeps indexes and unique keys in step through updates of packed documents', async () => {
    const c = collection(hot);
    for (let i = 0; i < 4; i++) await c.insertOne(rich(`d${i}`, 'x', i));
    await c.updateOne({ _id: 'd1' }, { $set: { k: 'y', 'items.0.id': 'renamed' } });
    await c.deleteOne({ _id: 'd2' });
    expect((await c.find({ k: 'x' }).sort({ at: -1 }).toArray()).map((d) => d._id)).toEqual(['d3', 'd0']);
    expect((await c.findOne({ 'items.id': 'renamed' }))?._id).toBe('d1');
    await expect(c.insertOne({ _id: 'dup', k: 'z', at: 0, items: [{ id: 'd3-2' }] })).rejects.toMatchObject({ code: 11000 });
    await c.insertOne({ _id: 'free', k: 'z', at: 0, items: [{ id: 'd1-1' }] });
    expect(c.explain({ k: 'x' })).toMatchObject({ index: 'k_1_at_-1', docsExamined: 2 });
  });
});
