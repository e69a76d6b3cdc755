import type {
  AttemptHit,
  AttemptId,
  AttemptSearch,
  KeysetPosition,
  MerchantId,
  Page,
  Session,
  SessionId,
  SessionSearch,
  TransactionHit,
  TransactionSearch,
} from '@splitpay/domain';
import type { StoreCollections } from '../collections';
import { attemptViewOf, transactionViewOf } from '../documents/search-view.document';
import { attemptFromDocument, sessionFromDocument, type SessionDocument } from '../documents/session.document';
import { keysetFilter, NEWEST_FIRST, pageLimit, pageOf, splitPage } from './keyset';

/** How many batches of `limit + 1` entries one page of attempts or transactions reads at most (D155-d). */
const MAX_READS = 4;

/** The keyset position of an entry row. */
const positionOf = (row: { readonly _id: string; readonly createdAt: number }): KeysetPosition => ({ createdAt: row.createdAt, id: row._id });

/** Only the filters that were given, as equalities. */
function equalities(fields: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out;
}

/**
 * True when the entry derived from the record now still has every value the search asked for; an
 * unfiltered search derives none.
 */
function stillMatches(entryNow: () => object, wanted: Readonly<Record<string, string>>): boolean {
  const asked = Object.entries(wanted);
  if (asked.length === 0) return true;
  const fields = entryNow() as Readonly<Record<string, unknown>>;
  return asked.every(([field, value]) => fields[field] === value);
}

/**
 * The three searches, each an index-backed keyset page, newest first (createdAt desc, id desc).
 * Sessions are searched on their own documents. Attempts and transactions are searched on their
 * index entries (see SearchViewWriter), then read from their session documents, one `$in` on `_id`
 * per page, so a hit always shows the record as it is. An entry can lag its record (its write failed,
 * or the process died, after the session's: docs/decisions.md D100); a hit whose record no longer
 * matches the query is dropped, so a search is at worst late, never contradicts its own filter, and
 * the page reads on past it (hitsOf).
 */
export class SessionSearches {
  constructor(private readonly collections: Pick<StoreCollections, 'sessions' | 'attemptViews' | 'transactionViews'>) {}

  async sessions(query: SessionSearch): Promise<Page<Session>> {
    const limit = pageLimit(query);
    const filter = {
      merchantId: query.merchantId,
      ...equalities({ orderId: query.orderId, status: query.status }),
      ...keysetFilter(query),
    };
    const rows = await this.collections.sessions.find(filter).sort(NEWEST_FIRST).limit(limit + 1).toArray();
    const { kept, next } = splitPage(rows, limit);
    return pageOf(kept.map(sessionFromDocument), next);
  }

  async attempts(query: AttemptSearch): Promise<Page<AttemptHit>> {
    const limit = pageLimit(query);
    const wanted = equalities({
      orderId: query.orderId,
      sessionId: query.sessionId,
      status: query.status,
      method: query.method,
      provider: query.provider,
    });
    const rowsAfter = (after: KeysetPosition | undefined) =>
      this.collections.attemptViews
        .find({ merchantId: query.merchantId, ...wanted, ...keysetFilter({ ...query, after }) }, { projection: { _id: 1, createdAt: 1, sessionId: 1 } })
        .sort(NEWEST_FIRST)
        .limit(limit + 1)
        .toArray();
    return this.hitsOf(rowsAfter, query.after, limit, (row, session): AttemptHit | undefined => {
      const attempt = session.attempts.find((a) => a.id === row._id);
      if (!attempt || !stillMatches(() => attemptViewOf(session, attempt), wanted)) return undefined;
      return {
        sessionId: session._id as SessionId,
        merchantId: session.merchantId as MerchantId,
        orderId: session.orderId,
        attempt: attemptFromDocument(attempt),
      };
    });
  }

  async transactions(query: TransactionSearch): Promise<Page<TransactionHit>> {
    const limit = pageLimit(query);
    const wanted = equalities({
      orderId: query.orderId,
      providerRef: query.providerRef,
      statusKind: query.status,
      provider: query.provider,
      type: query.type,
    });
    const rowsAfter = (after: KeysetPosition | undefined) =>
      this.collections.transactionViews
        .find({ merchantId: query.merchantId, ...wanted, ...keysetFilter({ ...query, after }) }, { projection: { _id: 1, createdAt: 1, sessionId: 1, attemptId: 1 } })
        .sort(NEWEST_FIRST)
        .limit(limit + 1)
        .toArray();
    return this.hitsOf(rowsAfter, query.after, limit, (row, session): TransactionHit | undefined => {
      const attempt = session.attempts.find((a) => a.id === row.attemptId);
      const transaction = attempt?.transactions.find((t) => t.id === row._id);
      if (!attempt || !transaction || !stillMatches(() => transactionViewOf(session, attempt, transaction), wanted)) return undefined;
      return {
        sessionId: session._id as SessionId,
        merchantId: session.merchantId as MerchantId,
        orderId: session.orderId,
        attemptId: attempt.id as AttemptId,
        method: attempt.method,
        provider: attempt.provider,
        ...(attempt.cardScheme !== undefined ? { cardScheme: attempt.cardScheme } : {}),
        transaction,
      };
    });
  }

  /**
   * The page's hits, each made from its session document as it is now; an entry whose record is no
   * longer there, or no longer matches the query, makes none. Rows are read `limit + 1` at a time
   * from the cursor (`rowsAfter`), and read on after a batch whose entries made too few hits, at most
   * MAX_READS batches: a page is full unless the rows ran out, and is short, even empty, with a next
   * cursor only when that many batches of lagging entries came in a row (D155-d).
   */
  private async hitsOf<R extends { readonly _id: string; readonly createdAt: number; readonly sessionId: string }, H>(
    rowsAfter: (after: KeysetPosition | undefined) => Promise<readonly R[]>,
    after: KeysetPosition | undefined,
    limit: number,
    hitOf: (row: R, session: SessionDocument) => H | undefined,
  ): Promise<Page<H>> {
    const hits: H[] = [];
    let from = after;
    for (let read = 1; ; read++) {
      const rows = await rowsAfter(from);
      const { kept, next } = splitPage(rows, limit);
      const sessions = await this.load(kept.map((row) => row.sessionId));
      for (const [index, row] of kept.entries()) {
        // The page is full before this batch's end: the next page starts after the last row used.
        if (hits.length === limit) return pageOf(hits, positionOf(kept[index - 1]!));
        const session = sessions.get(row.sessionId);
        const hit = session ? hitOf(row, session) : undefined;
        if (hit) hits.push(hit);
      }
      if (!next || hits.length === limit || read === MAX_READS) return pageOf(hits, next);
      from = next;
    }
  }

  private async load(sessionIds: readonly string[]): Promise<Map<string, SessionDocument>> {
    if (sessionIds.length === 0) return new Map();
    const docs = await this.collections.sessions.find({ _id: { $in: [...new Set(sessionIds)] } }).toArray();
    return new Map(docs.map((doc) => [doc._id, doc]));
  }
}
