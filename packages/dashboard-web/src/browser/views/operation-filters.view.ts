import { TRANSACTION_TYPES, VERDICT_KINDS } from '../api/api-types';
import { operationsAddress, type OperationFilters } from '../operations/operation-filters';
import { providerOptions } from '../operations/provider-options';
import type { ExportFields } from './export.view';
import { choice, dayInput, filterForm, searchBox } from './filter-form.view';
import type { ViewContext } from './view-context';

/**
 * The Operations view's filters, in keyboard order: reference, provider, type, status, days. Search
 * writes them into the address; the export reads them as they stand (typed, searched or not).
 */
export function operationFilterForm(ctx: ViewContext, filters: OperationFilters): { readonly form: HTMLFormElement; readonly fields: ExportFields } {
  const { t } = ctx.tr;
  const fields: ExportFields = {
    orderId: searchBox('orderId', 'order-ref', filters.orderId),
    provider: choice('provider', t.anyProvider, providerOptions(ctx.providers, t.providerName, filters.provider), filters.provider),
    type: choice('type', t.anyType, TRANSACTION_TYPES.map((k) => ({ value: k, label: t.transactionType[k] ?? k })), filters.type),
    status: choice('status', t.anyStatus, VERDICT_KINDS.map((v) => ({ value: v, label: t.verdict[v] ?? v })), filters.status),
    from: dayInput('from', filters.fromDate),
    to: dayInput('to', filters.toDate),
  };
  const form = filterForm(ctx, operationsAddress, [
    { label: t.orderReference, control: fields.orderId },
    { label: t.provider, control: fields.provider },
    { label: t.operationType, control: fields.type },
    { label: t.status, control: fields.status },
    { label: t.fromDate, control: fields.from },
    { label: t.toDate, control: fields.to },
  ]);
  return { form, fields };
}
