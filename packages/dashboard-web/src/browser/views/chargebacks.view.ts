import type { ApiResult, ChargebackJson, SessionJson } from '../api/api-types';
import { disputeStageWords } from '../i18n/dispute-stage-names';
import { h } from './dom';
import { tableRegion } from './table-region';
import { refusalWords, type ViewContext } from './view-context';

/** The dashboard's read of a session's disputes: each with its message's delivery (D148). */
export type ChargebacksAnswer = ApiResult<{ readonly chargebacks: readonly ChargebackJson[] }>;

/** A payment's chargebacks: the table, each row's tranche and the delivery of its message (D148). */
export function chargebacksSection(ctx: ViewContext, session: SessionJson, answer: ChargebacksAnswer): HTMLElement {
  const { t } = ctx.tr;
  const out = h('section', { class: 'chargebacks', 'aria-labelledby': 'chargebacks-title' }, h('h2', { id: 'chargebacks-title', tabindex: '-1' }, t.chargebacks));
  if (!answer.ok) {
    out.append(h('p', { class: 'error', role: 'alert' }, refusalWords(ctx, answer.code)));
    return out;
  }
  if (answer.body.chargebacks.length === 0) {
    out.append(h('p', {}, t.noChargebacks));
    return out;
  }
  const trancheOf = (attemptId: string): string => String(session.attempts.findIndex((a) => a.attemptId === attemptId) + 1 || '');
  const header = h('tr', {}, ...[t.type, t.amount, t.date, t.validUntil, t.reasonCode, t.status, t.tranche, t.providerRef, t.chargebackDelivery].map((label) => h('th', { scope: 'col' }, label)));
  const rows = answer.body.chargebacks.map((cb) =>
    h(
      'tr',
      {},
      h('th', { scope: 'row' }, t.chargebackType[cb.type] ?? cb.type),
      h('td', { class: 'amount' }, ctx.tr.money(cb.amount)),
      h('td', {}, ctx.tr.day(cb.date)),
      h('td', {}, cb.validUntil ? ctx.tr.day(cb.validUntil) : ''),
      h('td', {}, cb.reasonCode ?? ''),
      h('td', {}, cb.status === undefined ? '' : disputeStageWords(t, cb.status)),
      h('td', {}, trancheOf(cb.attemptId)),
      h('td', {}, h('code', {}, cb.providerRef)),
      h('td', {}, cb.delivery === undefined ? t.chargebackNotSent : h('span', { class: cb.delivery === 'abandoned' ? 'status status-abandoned' : 'status' }, t.chargebackDeliveryState[cb.delivery] ?? cb.delivery)),
    ),
  );
  out.append(tableRegion(h('table', { class: 'chargebacks' }, h('caption', { id: 'chargebacks-table' }, t.chargebacksTable), h('thead', {}, header), h('tbody', {}, ...rows))));
  return out;
}
