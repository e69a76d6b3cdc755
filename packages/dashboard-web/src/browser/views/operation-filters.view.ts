import { TRANSACTION_TYPES, VERDICT_KINDS, type TransactionType, type VerdictKind } from '../api/api-types';
import { operationFiltersToHash, type OperationFilters } from '../operations/operation-filters';
import { providerOptions } from '../operations/provider-options';
import { h, uniqueId } from './dom';
import type { ExportFields } from './export.view';
import { field } from './form-field';
import type { ViewContext } from './view-context';

/**
 * The Operations view's filters, in keyboard order: reference, provider, type, status, days. Search
 * writes them into the address; the export reads them as they stand (typed, searched or not).
 */
export function operationFilterForm(ctx: ViewContext, filters: OperationFilters): { readonly form: HTMLFormElement; readonly fields: ExportFields } {
  const { t } = ctx.tr;
  const orderId = h('input', { id: uniqueId('order-ref'), name: 'orderId', type: 'search', value: filters.orderId ?? '', autocomplete: 'off' });
  const provider = h('select', { id: uniqueId('provider'), name: 'provider' }, h('option', { value: '' }, t.anyProvider));
  for (const p of providerOptions(ctx.providers, t.providerName, filters.provider)) provider.append(h('option', { value: p.value, selected: filters.provider === p.value }, p.label));
  const type = h('select', { id: uniqueId('type'), name: 'type' }, h('option', { value: '' }, t.anyType));
  for (const k of TRANSACTION_TYPES) type.append(h('option', { value: k, selected: filters.type === k }, t.transactionType[k] ?? k));
  const status = h('select', { id: uniqueId('status'), name: 'status' }, h('option', { value: '' }, t.anyStatus));
  for (const v of VERDICT_KINDS) status.append(h('option', { value: v, selected: filters.status === v }, t.verdict[v] ?? v));
  const from = h('input', { id: uniqueId('from'), name: 'from', type: 'date', value: filters.fromDate ?? '' });
  const to = h('input', { id: uniqueId('to'), name: 'to', type: 'date', value: filters.toDate ?? '' });
  const form = h(
    'form',
    {
      class: 'filters',
      role: 'search',
      'aria-label': t.filters,
      onsubmit: (event: Event) => {
        event.preventDefault();
        ctx.navigate(
          operationFiltersToHash({
            orderId: orderId.value,
            ...(provider.value ? { provider: provider.value } : {}),
            ...(type.value ? { type: type.value as TransactionType } : {}),
            ...(status.value ? { status: status.value as VerdictKind } : {}),
            ...(from.value ? { fromDate: from.value } : {}),
            ...(to.value ? { toDate: to.value } : {}),
          }),
        );
      },
    },
    field(t.orderReference, orderId),
    field(t.provider, provider),
    field(t.operationType, type),
    field(t.status, status),
    field(t.fromDate, from),
    field(t.toDate, to),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, t.search), h('a', { href: '#/operations', class: 'button secondary' }, t.clearFilters)),
  );
  return { form, fields: { orderId, provider, type, status, from, to } };
}
