import type { MerchantId } from '@splitpay/domain';

/** Items read per page of an abandoned-delivery index. */
const PAGE = 100;

/** A page query of the repositories' abandoned-delivery walks (sessions' notifications, chargebacks). */
export interface AbandonedPageQuery<P> {
  readonly merchantId: MerchantId;
  readonly limit: number;
  readonly from?: number;
  readonly to?: number;
  readonly after?: P;
}

/**
 * Hands `visit` every abandoned delivery of the merchant whose first failure is in [since, until),
 * oldest first, one page of the index after the other until a page names no next position.
 */
export async function walkAbandoned<T, P>(
  readPage: (query: AbandonedPageQuery<P>) => Promise<{ readonly items: readonly T[]; readonly next?: P }>,
  window: { readonly merchantId: MerchantId; readonly since?: number; readonly until?: number },
  visit: (item: T) => Promise<void>,
): Promise<void> {
  let after: P | undefined;
  do {
    const page = await readPage({
      merchantId: window.merchantId,
      limit: PAGE,
      ...(window.since !== undefined ? { from: window.since } : {}),
      ...(window.until !== undefined ? { to: window.until } : {}),
      ...(after ? { after } : {}),
    });
    for (const item of page.items) await visit(item);
    after = page.next;
  } while (after);
}
