import { coverageOf, type IndexCandidate } from './index-coverage';
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
 * Checks each query against the declared indexes, the way MongoDB's planner would use them, so the
 * embedded engine never hides what would be a collection scan (or an in-memory sort) on MongoDB.
 */
export class QueryAudit {
  /** One entry per distinct query shape, so a long-running process keeps a bounded log. */
  private readonly log = new Map<string, AuditedQuery>();

  constructor(private readonly policy: UnindexedQueryPolicy = 'throw') {}

  check(
    collection: string,
    operation: string,
    filter: Readonly<Record<string, unknown>>,
    sort: Readonly<Record<string, number>> | undefined,
    indexes: readonly IndexCandidate[],
  ): void {
    const coverage = coverageOf(filter, sort, indexes);
    const entry: AuditedQuery = {
      collection,
      operation,
      shape: JSON.stringify(shapeOf(filter)),
      ...(sort ? { sort } : {}),
      ...(coverage.served ? { index: coverage.index } : { reason: coverage.reason }),
    };
    this.log.set(JSON.stringify([collection, operation, entry.shape, sort ?? null]), entry);
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
