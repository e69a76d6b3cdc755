import { coverageOf, type Coverage, type IndexCandidate } from './index-coverage';
import { UnindexedQueryError } from './engine-errors';

/** One query a repository made, and the declared index that serves it (absent: none does). */
export interface AuditedQuery {
  readonly collection: string;
  readonly operation: string;
  /** The filter with its values replaced by their kinds, e.g. `{"merchantId":"string"}`. */
  readonly shape: string;
  readonly sort?: Readonly<Record<string, number>>;
  readonly index?: string;
  readonly reason?: string;
}

/**
 * What to do with a query no declared index serves: `throw` (the default: a repository bug surfaces
 * at once, in every test) or `record` (a test inspects `queries()` afterwards).
 */
export type UnindexedQueryPolicy = 'throw' | 'record';

function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value instanceof Date) return 'date';
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  }
  return value === null ? 'null' : typeof value;
}

/**
 * The same shape as `JSON.stringify(shapeOf(value))` tells apart, written straight into one string
 * (no intermediate objects): the cache key of a check. Kinds are bare words, field names quoted.
 */
function shapeKey(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  if (value instanceof Date) return 'date';
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) out += `${shapeKey(value[i])},`;
    return `${out}]`;
  }
  out = '{';
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    out += `${JSON.stringify(key)}:${shapeKey((value as Record<string, unknown>)[key])},`;
  }
  return `${out}}`;
}

/**
 * Checks each query against the declared indexes, the way MongoDB's planner would use them, so the
 * embedded engine never hides what would be a collection scan (or an in-memory sort) on MongoDB.
 */
export class QueryAudit {
  /** One entry per distinct query shape, so a long-running process keeps a bounded log. */
  private readonly log = new Map<string, AuditedQuery>();
  /**
   * What each query shape was found to be, by collection, operation, shape, sort and number of
   * declared indexes (indexes are only ever added): the coverage of a shape is the same every time,
   * and every read and write of a repository is checked.
   */
  private readonly known = new Map<string, Coverage>();

  constructor(private readonly policy: UnindexedQueryPolicy = 'throw') {}

  check(
    collection: string,
    operation: string,
    filter: Readonly<Record<string, unknown>>,
    sort: Readonly<Record<string, number>> | undefined,
    indexes: readonly IndexCandidate[],
  ): void {
    const key = `${collection}\u0000${operation}\u0000${indexes.length}\u0000${sort ? JSON.stringify(sort) : ''}\u0000${shapeKey(filter)}`;
    let coverage = this.known.get(key);
    if (!coverage) {
      coverage = coverageOf(filter, sort, indexes);
      this.known.set(key, coverage);
      const entry: AuditedQuery = {
        collection,
        operation,
        shape: JSON.stringify(shapeOf(filter)),
        ...(sort ? { sort } : {}),
        ...(coverage.served ? { index: coverage.index } : { reason: coverage.reason }),
      };
      this.log.set(JSON.stringify([collection, operation, entry.shape, sort ?? null]), entry);
    }
    if (!coverage.served && this.policy === 'throw') throw new UnindexedQueryError(collection, `${operation} ${coverage.reason}`);
  }

  /** Every distinct query shape checked so far, first seen first. */
  queries(): readonly AuditedQuery[] {
    return [...this.log.values()];
  }

  /** Queries no declared index serves. */
  unindexed(): readonly AuditedQuery[] {
    return this.queries().filter((query) => query.index === undefined);
  }
}
