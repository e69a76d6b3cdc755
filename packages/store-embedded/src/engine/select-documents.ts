import { find as mingoFind } from 'mingo';
import type { StoredDocument } from './apply-update';
import type { DeclaredIndex } from './declared-index';
import type { SortSpec } from './embedded-cursor';
import { FilterMatcher } from './filter-matcher';
import { planIndexScan } from './query-plan';
import { SortedEntries, type DocumentSlot } from './sorted-entries';

/** How a query was answered: the index it read (absent: every document), how many documents it tested. */
export interface QueryExplanation {
  readonly index?: string;
  readonly docsExamined: number;
  /** The index walk gave the sort's order (no sort in memory). */
  readonly ordered: boolean;
}

/** A document a query selected: where it is stored, and the stored version (to read, never to change). */
export interface Found {
  readonly slot: DocumentSlot;
  readonly doc: StoredDocument;
}

export interface Selection extends QueryExplanation {
  readonly found: Found[];
}

/** What a collection holds: document slots (in insertion order), their indexes, and how to look at a slot's document. */
export interface CollectionState {
  readonly slots: Iterable<DocumentSlot>;
  readonly indexes: readonly DeclaredIndex[];
  slotOf(id: unknown): DocumentSlot | undefined;
  peek(slot: DocumentSlot): StoredDocument;
}

function isIdList(value: unknown): value is { $in: string[] } {
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 1) return false;
  const list = (value as { $in?: unknown }).$in;
  return Array.isArray(list) && list.every((item) => typeof item === 'string');
}

function onlyKey(filter: Readonly<Record<string, unknown>>): boolean {
  let keys = 0;
  for (const _key in filter) if (++keys > 1) return false;
  return keys === 1;
}

function bySeq(slots: Iterable<DocumentSlot>): DocumentSlot[] {
  return [...new Set(slots)].sort((a, b) => a.seq - b.seq);
}

/**
 * The documents `filter` matches, sorted and limited. Reads by `_id` at once when the filter names
 * ids, else through the index MongoDB's planner would pick (only the entries its bounds delimit),
 * else every document; mingo decides each document read, and sorts unless the index walk already
 * gave the order (then it stops at the limit).
 */
export function selectDocuments(
  state: CollectionState,
  filter: Readonly<Record<string, unknown>>,
  sort: SortSpec | undefined,
  limit: number | undefined,
): Selection {
  const id = filter._id;
  // A filter naming one `_id` alone is answered by the read itself (the repositories' reads by key).
  if (typeof id === 'string' && onlyKey(filter)) {
    const slot = state.slotOf(id);
    const found = slot && limit !== 0 ? [{ slot, doc: state.peek(slot) }] : [];
    return { found, docsExamined: slot ? 1 : 0, index: '_id_', ordered: false };
  }
  const ids = typeof id === 'string' ? [id] : isIdList(id) ? id.$in : undefined;
  const scan = ids ? undefined : planIndexScan(filter, sort, state.indexes);
  const matcher = new FilterMatcher(filter);
  if (scan?.ordered !== undefined) {
    const seen = new Set<DocumentSlot>();
    const found: Found[] = [];
    let docsExamined = 0;
    for (const entry of scan.index.entries.walk(scan.spans[0] ?? SortedEntries.empty, scan.ordered)) {
      if (seen.has(entry.s)) continue;
      seen.add(entry.s);
      docsExamined++;
      const doc = state.peek(entry.s);
      if (matcher.matches(doc)) found.push({ slot: entry.s, doc });
      if (limit !== undefined && found.length >= limit) break;
    }
    return { found, docsExamined, index: scan.index.name, ordered: true };
  }
  let candidates: DocumentSlot[];
  if (ids) {
    candidates = bySeq(ids.flatMap((one) => state.slotOf(one) ?? []));
  } else if (scan) {
    const slots: DocumentSlot[] = [];
    for (const span of scan.spans) for (const entry of scan.index.entries.inOrder(span)) slots.push(entry.s);
    candidates = bySeq(slots);
  } else {
    candidates = [...state.slots];
  }
  const read = candidates.map((slot) => ({ slot, doc: state.peek(slot) }));
  const explanation = { docsExamined: candidates.length, ...(ids ? { index: '_id_' } : scan ? { index: scan.index.name } : {}), ordered: false };
  if (read.length === 0) return { found: read, ...explanation };
  let found = read.filter(({ doc }) => matcher.matches(doc));
  if (sort && found.length > 1) {
    const slotOf = new Map(found.map(({ slot, doc }) => [doc, slot]));
    found = (mingoFind(found.map(({ doc }) => doc), {}).sort(sort).all() as StoredDocument[]).map((doc) => ({ slot: slotOf.get(doc) as DocumentSlot, doc }));
  }
  return { found: limit !== undefined ? found.slice(0, limit) : found, ...explanation };
}
