import type { RequestHandler } from 'express';
import type { KeysetPosition, MerchantId, Page } from '@splitpay/domain';
import { principalOf } from '../auth/require-principal';
import { queryReader } from '../schemas/query.read';
import { DEFAULT_PAGE_SIZE, type QuerySchema } from '../schemas/search-query.schema';
import type { CursorScope, SearchCursors } from './search-cursor';

/** Parameters every search shares; the rest are its filters. */
interface SearchParams {
  readonly limit?: number;
  readonly cursor?: string;
  readonly [filter: string]: unknown;
}

export interface SearchDoor<Item> {
  readonly kind: CursorScope['kind'];
  readonly schema: QuerySchema;
  readonly cursors: SearchCursors;
  /** Runs the search within the caller's merchant. */
  search(scope: MerchantId, query: Record<string, unknown> & { limit: number; after?: KeysetPosition }): Promise<Page<Item>>;
  present(item: Item): unknown;
}

/**
 * GET handler of one search: validates the query (unknown parameters refused), checks the cursor
 * against this exact search, runs one keyset page, and answers `{ <kind>: [...], nextCursor? }`.
 */
export function searchHandler<Item>(door: SearchDoor<Item>): RequestHandler {
  const readQuery = queryReader<SearchParams>(door.schema);
  return async (req, res) => {
    const { limit, cursor, ...filters } = readQuery(req);
    const merchantId = principalOf(res).merchantId;
    const scope: CursorScope = { kind: door.kind, merchantId, filters };
    const after = cursor === undefined ? undefined : door.cursors.decode(cursor, scope);
    const page = await door.search(merchantId, { ...filters, limit: limit ?? DEFAULT_PAGE_SIZE, ...(after ? { after } : {}) });
    res.json({
      [door.kind]: page.items.map((item) => door.present(item)),
      ...(page.next ? { nextCursor: door.cursors.encode(page.next, scope) } : {}),
    });
  };
}
