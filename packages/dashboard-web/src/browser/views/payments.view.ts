import { SESSION_STATUSES, type SessionJson, type SessionStatus } from '../api/api-types';
import { filtersToHash, type SessionFilters } from '../payments/payment-filters';
import { sessionHash } from '../sessions/session-address';
import { h, uniqueId } from './dom';
import { field } from './form-field';
import { asKeysetPage, keysetPages } from './keyset-pages.view';
import type { ViewContext } from './view-context';

function filterForm(ctx: ViewContext, filters: SessionFilters): HTMLFormElement {
  const { t } = ctx.tr;
  const orderId = h('input', { id: uniqueId('order-ref'), name: 'orderId', type: 'search', value: filters.orderId ?? '', autocomplete: 'off' });
  const status = h('select', { id: uniqueId('status'), name: 'status' }, h('option', { value: '' }, t.anyStatus));
  for (const s of SESSION_STATUSES) status.append(h('option', { value: s, selected: filters.status === s }, t.sessionStatus[s] ?? s));
  const from = h('input', { id: uniqueId('from'), name: 'from', type: 'date', value: filters.fromDate ?? '' });
  const to = h('input', { id: uniqueId('to'), name: 'to', type: 'date', value: filters.toDate ?? '' });
  return h(
    'form',
    {
      class: 'filters',
      role: 'search',
      'aria-label': t.filters,
      onsubmit: (event: Event) => {
        event.preventDefault();
        ctx.navigate(
          filtersToHash({
            orderId: orderId.value,
            ...(status.value ? { status: status.value as SessionStatus } : {}),
            ...(from.value ? { fromDate: from.value } : {}),
            ...(to.value ? { toDate: to.value } : {}),
          }),
        );
      },
    },
    field(t.orderReference, orderId),
    field(t.status, status),
    field(t.fromDate, from),
    field(t.toDate, to),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, t.search), h('a', { href: '#/payments', class: 'button secondary' }, t.clearFilters)),
  );
}

function paymentsTable(ctx: ViewContext, sessions: readonly SessionJson[], page: number): HTMLElement {
  const { t } = ctx.tr;
  if (sessions.length === 0) return h('p', { class: 'empty', tabindex: '-1' }, t.noPayments);
  const header = h('tr', {}, ...[t.orderReference, t.status, t.total, t.captured, t.createdAt].map((label) => h('th', { scope: 'col' }, label)));
  const rows = sessions.map((s) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, h('a', { href: sessionHash(s.sessionId) }, s.orderId)),
      h('td', {}, h('span', { class: `status status-${s.status.toLowerCase()}` }, t.sessionStatus[s.status] ?? s.status)),
      h('td', { class: 'amount' }, ctx.tr.money(s.total)),
      h('td', { class: 'amount' }, ctx.tr.money(s.captured)),
      h('td', {}, ctx.tr.dateTime(s.createdAt)),
    ),
  );
  return h('table', { class: 'payments', tabindex: '-1' }, h('caption', {}, t.paymentsCaption(page)), h('thead', {}, header), h('tbody', {}, ...rows));
}

/** The payments list (GET /api/sessions): filters, then one keyset page at a time, newest first. */
export function paymentsView(ctx: ViewContext, filters: SessionFilters): HTMLElement {
  const { t } = ctx.tr;
  const { summary, results } = keysetPages(ctx, {
    read: async (cursor) => asKeysetPage(await ctx.api.searchSessions(filters, cursor), (body) => body.sessions, (body) => body.nextCursor),
    draw: (sessions, page) => paymentsTable(ctx, sessions, page),
    said: (count, page) => (count === 0 ? t.noPayments : t.paymentsShown(count, page)),
    pagesLabel: t.pages,
  });
  return h('section', { 'aria-labelledby': 'payments-title' }, h('h1', { id: 'payments-title', tabindex: '-1' }, t.paymentsTitle), filterForm(ctx, filters), summary, results);
}
