import { SESSION_STATUSES, type SessionJson } from '../api/api-types';
import { paymentsAddress, type SessionFilters } from '../payments/payment-filters';
import { sessionHash } from '../sessions/session-address';
import { h } from './dom';
import { choice, dayInput, filterForm, searchBox } from './filter-form.view';
import { asKeysetPage, keysetPages } from './keyset-pages.view';
import type { ViewContext } from './view-context';

function paymentFilterForm(ctx: ViewContext, filters: SessionFilters): HTMLFormElement {
  const { t } = ctx.tr;
  return filterForm(ctx, paymentsAddress, [
    { label: t.orderReference, control: searchBox('orderId', 'order-ref', filters.orderId) },
    { label: t.status, control: choice('status', t.anyStatus, SESSION_STATUSES.map((s) => ({ value: s, label: t.sessionStatus[s] ?? s })), filters.status) },
    { label: t.fromDate, control: dayInput('from', filters.fromDate) },
    { label: t.toDate, control: dayInput('to', filters.toDate) },
  ]);
}

/** One page of payments, each row leading to its payment, whose Back link returns to this page of the list (`list`, its address). */
function paymentsTable(ctx: ViewContext, sessions: readonly SessionJson[], page: number, list: string): HTMLElement {
  const { t } = ctx.tr;
  if (sessions.length === 0) return h('p', { class: 'empty', tabindex: '-1' }, t.noPayments);
  const header = h('tr', {}, ...[t.orderReference, t.status, t.total, t.captured, t.createdAt].map((label) => h('th', { scope: 'col' }, label)));
  const rows = sessions.map((s) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, h('a', { href: sessionHash(s.sessionId, list) }, s.orderId)),
      h('td', {}, h('span', { class: `status status-${s.status.toLowerCase()}` }, t.sessionStatus[s.status] ?? s.status)),
      h('td', { class: 'amount' }, ctx.tr.money(s.total)),
      h('td', { class: 'amount' }, ctx.tr.money(s.captured)),
      h('td', {}, ctx.tr.dateTime(s.createdAt)),
    ),
  );
  return h('table', { class: 'payments', tabindex: '-1' }, h('caption', {}, t.paymentsCaption(page)), h('thead', {}, header), h('tbody', {}, ...rows));
}

/**
 * The payments list (GET /api/sessions): filters, then one keyset page at a time, newest first (the
 * first, or the one the address's cursors lead to).
 */
export function paymentsView(ctx: ViewContext, filters: SessionFilters, start: readonly string[]): HTMLElement {
  const { t } = ctx.tr;
  const { summary, results } = keysetPages(ctx, {
    read: async (cursor) => asKeysetPage(await ctx.api.searchSessions(filters, cursor), (body) => body.sessions, (body) => body.nextCursor),
    draw: (sessions, page, cursors) => paymentsTable(ctx, sessions, page, paymentsAddress.hash(filters, cursors)),
    said: (count, page) => (count === 0 ? t.noPayments : t.paymentsShown(count, page)),
    pagesLabel: t.pages,
    start,
    address: (cursors) => paymentsAddress.hash(filters, cursors),
  });
  return h('section', { 'aria-labelledby': 'payments-title' }, h('h1', { id: 'payments-title', tabindex: '-1' }, t.paymentsTitle), paymentFilterForm(ctx, filters), summary, results);
}
