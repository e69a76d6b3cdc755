import type { StoredDocument } from './apply-update';
import { DocumentPacker, MAX_BLOCK_CHARS, MAX_BLOCK_DOCUMENTS, type PackedBlock } from './document-packing';
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

describe.each([64, 512])('EmbeddedCollection letting go of its least recently used in blocks (%i kept unpacked)', (hot) => {
  it('reads back every document, whatever its block neighbours went through: updates, deletes, reads, re-packing', async () => {
    const c = collection(hot);
    const model = new Map<string, Doc>();
    const count = hot * 3;
    for (let i = 0; i < count; i++) {
      const doc = rich(`d${i}`, i % 3 ? 'odd' : 'even', i);
      model.set(doc._id, doc);
      await c.insertOne(doc);
    }
    // Touch one document in five (update), drop one in seven, read one in three: blocks lose members, documents come back hot and go again.
    for (let i = 0; i < count; i++) {
      const id = `d${(i * 7919) % count}`;
      if (!model.has(id)) continue;
      if (i % 5 === 0) {
        await c.updateOne({ _id: id }, { $set: { k: 'moved', 'nested.deep.0.a': i } });
        const doc = model.get(id)!;
        model.set(id, { ...doc, k: 'moved', nested: { ...doc.nested, deep: [{ ...doc.nested.deep[0], a: i }] } });
      } else if (i % 7 === 0) {
        await c.deleteOne({ _id: id });
        model.delete(id);
      } else if (i % 3 === 0) {
        expect(await c.findOne({ _id: id })).toEqual(model.get(id));
      }
    }
    for (const [id, doc] of model) expect(await c.findOne({ _id: id })).toEqual(doc);
    expect((await c.find({ k: 'moved' }).toArray()).map((d) => d._id).sort()).toEqual([...model.values()].filter((d) => d.k === 'moved').map((d) => d._id).sort());
    expect((await c.findOne({ _id: 'd1' }))?.when).toBeInstanceOf(Date);
  });
});

describe('DocumentPacker', () => {
  const doc = (i: number, size: number): StoredDocument => ({ _id: `p${i}`, text: `${i}-${'é✓x'.repeat(size / 3)}`, at: i % 2 ? new Date(i) : i });

  it('closes a block at its document count or its size, and gives each document back from its block', () => {
    const packer = new DocumentPacker();
    const docs = [...Array.from({ length: 20 }, (_, i) => doc(i, 30)), ...Array.from({ length: 6 }, (_, i) => doc(20 + i, 6_000))];
    const placed: { block: PackedBlock; at: number }[] = [];
    packer.pack(docs, (index, block, at) => void (placed[index] = { block, at }));
    const blocks = [...new Set(placed.map((p) => p.block))];
    // 16 small ones (the count); 4 small and 3 large (the third crosses the size); the last 3 large.
    expect(MAX_BLOCK_DOCUMENTS).toBe(16);
    expect(blocks.map((block) => block.ends.length)).toEqual([16, 7, 3]);
    const sizes = blocks.map((block) => block.ends[block.ends.length - 1]!);
    expect(sizes[1]).toBeGreaterThanOrEqual(MAX_BLOCK_CHARS);
    expect(blocks[1]!.ends[5]).toBeLessThan(MAX_BLOCK_CHARS);
    docs.forEach((d, i) => expect(packer.unpack(placed[i]!.block, placed[i]!.at)).toEqual(d));
  });
});
