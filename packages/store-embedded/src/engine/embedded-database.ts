import type { Document } from '@splitpay/store-mongo';
import { DEFAULT_HOT_DOCUMENTS, EmbeddedCollection } from './embedded-collection';
import { QueryAudit, type UnindexedQueryPolicy } from './query-audit';

export interface EmbeddedDatabaseOptions {
  /** What a query that no declared index serves does; default `throw`. */
  readonly unindexedQueries?: UnindexedQueryPolicy;
  /** Documents each collection keeps unpacked (the most recently written); default DEFAULT_HOT_DOCUMENTS. */
  readonly hotDocuments?: number;
}

/**
 * An in-memory database of EmbeddedCollections. Nothing survives the process. Several service
 * instances in one process can share one database (tests of leases between instances).
 */
export class EmbeddedDatabase {
  readonly audit: QueryAudit;
  private readonly collections = new Map<string, EmbeddedCollection>();
  private readonly hotDocuments: number;

  constructor(options: EmbeddedDatabaseOptions = {}) {
    this.audit = new QueryAudit(options.unindexedQueries ?? 'throw');
    this.hotDocuments = options.hotDocuments ?? DEFAULT_HOT_DOCUMENTS;
  }

  collection<T extends Document = Document>(name: string): EmbeddedCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new EmbeddedCollection(name, this.audit, this.hotDocuments);
      this.collections.set(name, collection);
    }
    return collection as unknown as EmbeddedCollection<T>;
  }

  /** Every collection created so far. */
  listCollections(): readonly EmbeddedCollection[] {
    return [...this.collections.values()];
  }
}
