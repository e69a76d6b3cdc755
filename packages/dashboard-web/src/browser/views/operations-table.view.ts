import type { TransactionViewJson } from '../api/api-types';
import { methodWords } from '../i18n/payment-names';
import { providerLabel } from '../operations/provider-options';
import { sessionHash } from '../sessions/session-address';
import { h } from './dom';
import type { ViewContext } from './view-context';

/**
 * One page of operations, each row leading to its payment, whose Back link returns to this page of
 * the list (`list`, its address); or the words saying nothing matches, or, on an empty page with a
 * next one (`more`: its search entries all lagged their operations, D155-d), to see that one.
 */
export function operationsTable(ctx: ViewContext, operations: readonly TransactionViewJson[], page: number, list: string, more: boolean): HTMLElement {
  const { t } = ctx.tr;
  if (operations.length === 0) return h('p', { class: 'empty', tabindex: '-1' }, more ? t.nothingOnThisPage : t.noOperations);
  const header = h('tr', {}, ...[t.date, t.orderReference, t.type, t.provider, t.method, t.status, t.amount, t.providerRef].map((label) => h('th', { scope: 'col' }, label)));
  const rows = operations.map(({ sessionId, orderId, provider, method, cardScheme, transaction: tx }) =>
    h(
      'tr',
      {},
      h('td', {}, ctx.tr.dateTime(tx.createdAt)),
      h('th', { scope: 'row' }, h('a', { href: sessionHash(sessionId, list) }, orderId)),
      h('td', {}, t.transactionType[tx.type] ?? tx.type),
      h('td', {}, providerLabel(ctx.providers, t.providerName, provider)),
      h('td', {}, methodWords(t, method, cardScheme)),
      h('td', {}, h('span', { class: `status verdict-${tx.status.kind}` }, t.verdict[tx.status.kind] ?? tx.status.kind)),
      h('td', { class: 'amount' }, ctx.tr.money(tx.amount)),
      h('td', {}, h('code', {}, tx.providerRef ?? '')),
    ),
  );
  return h('table', { class: 'operations-list', tabindex: '-1' }, h('caption', {}, t.operationsCaption(page)), h('thead', {}, header), h('tbody', {}, ...rows));
}
