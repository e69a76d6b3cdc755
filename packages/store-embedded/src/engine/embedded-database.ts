import type { Document } from '@splitpay/store-mongo';
import { EmbeddedCollection } from './embedded-collection';
import { QueryAudit, type UnindexedQueryPolicy } from './query-audit';

export interface EmbeddedDatabaseOptions {
  /** What a query that no declared index serves does; default `throw`. */
  readonly unindexedQueries?: UnindexedQueryPolicy;
}

/**
 * An in-memory database of EmbeddedCollections. Nothing survives the process. Several service
 * instances in one process can share one database (tests of leases between instances).
 */
export class EmbeddedDatabase {
  readonly audit: QueryAudit;
  private readonly collections = new Map<string, EmbeddedCollection>();

  constructor(options: EmbeddedDatabaseOptions = {}) {
    this.audit = new QueryAudit(options.unindexedQueries ?? 'throw');
  }

  collection<T extends Document = Document>(name: string): EmbeddedCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new EmbeddedCollection(name, this.audit);
      this.collections.set(name, collection);
    }
    return collection as unknown as EmbeddedCollection<T>;
  }

  /** Every collection created so far. */
  listCollections(): readonly EmbeddedCollection[] {
    return [...this.collections.values()];
  }
}
