import { SESSION_STATUSES, type SessionJson, type SessionStatus } from '../api/api-types';
import { filtersToHash, type SessionFilters } from '../payments/payment-filters';
import { operationSelects } from './operation-filters.view';
import { h, replaceChildren, uniqueId } from './dom';
import { exportPanel, type ExportFields } from './export.view';
import { refusalWords, type ViewContext } from './view-context';

function field(label: string, control: HTMLInputElement | HTMLSelectElement): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control);
}

function filterForm(ctx: ViewContext, filters: SessionFilters): { readonly form: HTMLFormElement; readonly fields: ExportFields } {
  const { t } = ctx.tr;
  const orderId = h('input', { id: uniqueId('order-ref'), name: 'orderId', type: 'search', value: filters.orderId ?? '', autocomplete: 'off' });
  const status = h('select', { id: uniqueId('status'), name: 'status' }, h('option', { value: '' }, t.anyStatus));
  for (const s of SESSION_STATUSES) status.append(h('option', { value: s, selected: filters.status === s }, t.sessionStatus[s] ?? s));
  const from = h('input', { id: uniqueId('from'), name: 'from', type: 'date', value: filters.fromDate ?? '' });
  const to = h('input', { id: uniqueId('to'), name: 'to', type: 'date', value: filters.toDate ?? '' });
  const operations = operationSelects(ctx, filters);
  const form = h(
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
            ...operations.chosen(),
            ...(from.value ? { fromDate: from.value } : {}),
            ...(to.value ? { toDate: to.value } : {}),
          }),
        );
      },
    },
    field(t.orderReference, orderId),
    field(t.status, status),
    field(t.provider, operations.provider),
    field(t.operationType, operations.type),
    operations.hint,
    field(t.fromDate, from),
    field(t.toDate, to),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, t.search), h('a', { href: '#/payments', class: 'button secondary' }, t.clearFilters)),
  );
  return { form, fields: { orderId, from, to, provider: operations.provider, type: operations.type } };
}

function paymentsTable(ctx: ViewContext, sessions: readonly SessionJson[], page: number): HTMLElement {
  const { t } = ctx.tr;
  if (sessions.length === 0) return h('p', { class: 'empty', tabindex: '-1' }, t.noPayments);
  const header = h('tr', {}, ...[t.orderReference, t.status, t.total, t.captured, t.createdAt].map((label) => h('th', { scope: 'col' }, label)));
  const rows = sessions.map((s) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, h('a', { href: `#/sessions/${encodeURIComponent(s.sessionId)}` }, s.orderId)),
      h('td', {}, h('span', { class: `status status-${s.status.toLowerCase()}` }, t.sessionStatus[s.status] ?? s.status)),
      h('td', { class: 'amount' }, ctx.tr.money(s.total)),
      h('td', { class: 'amount' }, ctx.tr.money(s.captured)),
      h('td', {}, ctx.tr.dateTime(s.createdAt)),
    ),
  );
  return h('table', { class: 'payments', tabindex: '-1' }, h('caption', {}, t.paymentsCaption(page)), h('thead', {}, header), h('tbody', {}, ...rows));
}

/**
 * The payments list: filters, then one keyset page at a time (newest first). The cursors already
 * followed are kept so the contact can walk back. Next and Previous are drawn anew with the page:
 * focus goes to the new page's table (its caption says which page), not to the body.
 */
export function paymentsView(ctx: ViewContext, filters: SessionFilters): HTMLElement {
  const { t } = ctx.tr;
  // The rows are not in a live region (a screen reader would read twenty of them out at every
  // page): a status line, heard but not shown, says how many there are.
  const summary = h('p', { class: 'visually-hidden', role: 'status' });
  const results = h('div', { class: 'results', 'aria-busy': 'true' }, t.loading);
  const trail: (string | undefined)[] = [];

  const load = async (cursor: string | undefined, moved = false): Promise<void> => {
    results.setAttribute('aria-busy', 'true');
    const answer = await ctx.api.searchSessions(filters, cursor);
    results.setAttribute('aria-busy', 'false');
    if (!answer.ok) {
      const failure = h('p', { class: 'error', role: 'alert', tabindex: '-1' }, refusalWords(ctx, answer.code));
      replaceChildren(results, failure);
      if (moved) failure.focus();
      return;
    }
    const pager = h('nav', { class: 'pager', 'aria-label': t.pages });
    if (trail.length > 0) {
      pager.append(
        h('button', { type: 'button', class: 'secondary', onclick: () => void load(trail.pop(), true) }, t.previousPage),
      );
    }
    const next = answer.body.nextCursor;
    if (next) {
      pager.append(
        h('button', {
          type: 'button',
          onclick: () => {
            trail.push(cursor);
            void load(next, true);
          },
        }, t.nextPage),
      );
    }
    const page = trail.length + 1;
    const count = answer.body.sessions.length;
    summary.textContent = count === 0 ? t.noPayments : t.paymentsShown(count, page);
    const table = paymentsTable(ctx, answer.body.sessions, page);
    replaceChildren(results, table, pager.childElementCount > 0 ? pager : null);
    if (moved) table.focus();
  };
  void load(undefined);

  const { form, fields } = filterForm(ctx, filters);
  return h(
    'section',
    { 'aria-labelledby': 'payments-title' },
    h('h1', { id: 'payments-title', tabindex: '-1' }, t.paymentsTitle),
    form,
    summary,
    results,
    exportPanel(ctx, fields),
  );
}
