import { operationsAddress, operationsQuery, type OperationFilters } from '../operations/operation-filters';
import { PAGE_SIZE } from '../payments/payment-filters';
import { h } from './dom';
import { exportPanel } from './export.view';
import { asKeysetPage, keysetPages } from './keyset-pages.view';
import { operationFilterForm } from './operation-filters.view';
import { operationsTable } from './operations-table.view';
import type { ViewContext } from './view-context';

/**
 * The merchant's operations (GET /api/transactions), newest first, one keyset page at a time (the
 * first, or the one the address's cursors lead to), for
 * reconciling against a PSP's reports; then their export as CSV, of what the same filters select.
 */
export function operationsView(ctx: ViewContext, filters: OperationFilters, start: readonly string[]): HTMLElement {
  const { t } = ctx.tr;
  const { summary, results } = keysetPages(ctx, {
    read: async (cursor) => asKeysetPage(await ctx.api.searchTransactions(operationsQuery(filters, PAGE_SIZE, cursor)), (body) => body.transactions, (body) => body.nextCursor),
    draw: (operations, page, cursors, more) => operationsTable(ctx, operations, page, operationsAddress.hash(filters, cursors), more),
    said: (count, page, more) => (count > 0 ? t.operationsShown(count, page) : more ? t.nothingOnThisPage : t.noOperations),
    pagesLabel: t.operationPages,
    start,
    address: (cursors) => operationsAddress.hash(filters, cursors),
  });
  const { form, fields } = operationFilterForm(ctx, filters);
  return h(
    'section',
    { 'aria-labelledby': 'operations-title' },
    h('h1', { id: 'operations-title', tabindex: '-1' }, t.operationsTitle),
    form,
    summary,
    results,
    exportPanel(ctx, fields),
  );
}
