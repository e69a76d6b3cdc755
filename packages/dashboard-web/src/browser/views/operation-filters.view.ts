import { TRANSACTION_TYPES, type TransactionType } from '../api/api-types';
import { KNOWN_PROVIDERS, type SessionFilters } from '../payments/payment-filters';
import { h, uniqueId } from './dom';
import type { ViewContext } from './view-context';

export interface OperationSelects {
  readonly provider: HTMLSelectElement;
  readonly type: HTMLSelectElement;
  /** Says what the two narrow (the export's operations, not the list of orders); both are described by it. */
  readonly hint: HTMLElement;
  /** The values chosen, as filters (none when "any"). */
  chosen(): Pick<SessionFilters, 'provider' | 'type'>;
}

/** The provider and operation type selects of the payments filters (D62). */
export function operationSelects(ctx: ViewContext, filters: SessionFilters): OperationSelects {
  const { t } = ctx.tr;
  const hint = h('p', { id: uniqueId('operation-filters-help'), class: 'hint' }, t.operationFiltersHint);
  const provider = h('select', { id: uniqueId('provider'), name: 'provider', 'aria-describedby': hint.id }, h('option', { value: '' }, t.anyProvider));
  for (const p of KNOWN_PROVIDERS) provider.append(h('option', { value: p, selected: filters.provider === p }, t.providerName[p] ?? p));
  const type = h('select', { id: uniqueId('type'), name: 'type', 'aria-describedby': hint.id }, h('option', { value: '' }, t.anyType));
  for (const k of TRANSACTION_TYPES) type.append(h('option', { value: k, selected: filters.type === k }, t.transactionType[k] ?? k));
  return {
    provider,
    type,
    hint,
    chosen: () => ({
      ...(provider.value ? { provider: provider.value } : {}),
      ...(type.value ? { type: type.value as TransactionType } : {}),
    }),
  };
}
