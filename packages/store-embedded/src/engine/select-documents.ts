import { Query } from 'mingo';
import type { StoredDocument } from './apply-update';
import type { DeclaredIndex } from './declared-index';
import type { SortSpec } from './embedded-cursor';
import { planIndexScan } from './query-plan';
import { SortedEntries } from './sorted-entries';

/** How a query was answered: the index it read (absent: every document), how many documents it tested. */
export interface QueryExplanation {
  readonly index?: string;
  readonly docsExamined: number;
  /** The index walk gave the sort's order (no sort in memory). */
  readonly ordered: boolean;
}

export interface Selection extends QueryExplanation {
  readonly docs: StoredDocument[];
}

/** What a collection holds: documents and insertion ranks by `_id` key, and its indexes. */
export interface CollectionState {
  readonly docs: ReadonlyMap<string, StoredDocument>;
  readonly seqs: ReadonlyMap<string, number>;
  readonly indexes: readonly DeclaredIndex[];
  idKey(id: unknown): string;
}

function isIdList(value: unknown): value is { $in: string[] } {
  if (typeof value !== 'object' || value === null || Object.keys(value).length !== 1) return false;
  const list = (value as { $in?: unknown }).$in;
  return Array.isArray(list) && list.every((item) => typeof item === 'string');
}

function bySeq(state: CollectionState, owners: Iterable<string>): StoredDocument[] {
  const found: [number, StoredDocument][] = [];
  for (const owner of owners) {
    const doc = state.docs.get(owner);
    if (doc) found.push([state.seqs.get(owner) ?? 0, doc]);
  }
  return found.sort((a, b) => a[0] - b[0]).map(([, doc]) => doc);
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
  const ids = typeof id === 'string' ? [id] : isIdList(id) ? id.$in : undefined;
  const scan = ids ? undefined : planIndexScan(filter, sort, state.indexes);
  // Compiling a mingo query costs more than testing a few documents: only when some document is read.
  let query: Query | undefined;
  const compiled = (): Query => (query ??= new Query(filter));
  if (scan?.ordered !== undefined) {
    const seen = new Set<string>();
    const docs: StoredDocument[] = [];
    let docsExamined = 0;
    for (const entry of scan.index.entries.walk(scan.spans[0] ?? SortedEntries.empty, scan.ordered)) {
      if (seen.has(entry.owner)) continue;
      seen.add(entry.owner);
      const doc = state.docs.get(entry.owner);
      if (!doc) continue;
      docsExamined++;
      if (compiled().test(doc)) docs.push(doc);
      if (limit !== undefined && docs.length >= limit) break;
    }
    return { docs, docsExamined, index: scan.index.name, ordered: true };
  }
  let candidates: StoredDocument[];
  if (ids) {
    candidates = bySeq(state, new Set(ids.map((one) => state.idKey(one))));
  } else if (scan) {
    const owners = new Set<string>();
    for (const span of scan.spans) for (const entry of scan.index.entries.inOrder(span)) owners.add(entry.owner);
    candidates = bySeq(state, owners);
  } else {
    candidates = [...state.docs.values()];
  }
  // A filter naming one `_id` alone is answered by the read itself.
  const answered = candidates.length === 0 || (typeof id === 'string' && Object.keys(filter).length === 1);
  let cursor = answered ? undefined : compiled().find(candidates);
  if (cursor && sort) cursor = cursor.sort(sort);
  if (cursor && limit !== undefined) cursor = cursor.limit(limit);
  return {
    docs: cursor ? (cursor.all() as StoredDocument[]) : candidates.slice(0, limit),
    docsExamined: candidates.length,
    ...(ids ? { index: '_id_' } : scan ? { index: scan.index.name } : {}),
    ordered: false,
  };
}
