import { h } from '../dom/h';
import { isRefusal, isRefusedNetwork, lastUnpaid, ledgerRows, rowAction, showsRemaining, type LedgerRow } from '../state/derive';
import type { AttemptViewEntry } from '../types/session-view';
import { attemptMethodName, type RenderContext } from './render-context';
import { schemeName } from './scheme-names';

/** A row's link-styled action (remove a held tranche, stop a pending one), named in full for screen readers. */
function trancheButton(ctx: RenderContext, text: string, label: string, click: () => void, id?: string): HTMLElement {
  return h(ctx.doc, 'button', { _className: 'sp-button sp-button--link', id, text, _attrs: { type: 'button', 'aria-label': label, disabled: ctx._local._busy }, on: { click } });
}

function row(ctx: RenderContext, attempt: LedgerRow): HTMLElement {
  const { doc, t, f } = ctx;
  const name = attemptMethodName(ctx, attempt);
  const amount = f._amount(attempt.kept ?? (attempt.granted.amount > 0 || attempt.status !== 'AUTHORIZING' ? attempt.granted : attempt.requested));
  // An unpaid ending hands back whatever is still in flight or held.
  const releasing = ctx._local._releasing.includes(attempt.attemptId) || attempt.released || (!showsRemaining(ctx.view.status) && attempt.status !== 'CAPTURED');
  const action = rowAction(ctx.view, attempt, ctx._local._releasing);
  const differs = attempt.status !== 'AUTHORIZING' && attempt.granted.amount !== attempt.requested.amount;
  return h(doc, 'li', { _className: `sp-ledger__row sp-ledger__row--${attempt.status.toLowerCase()}` }, [
    h(doc, 'span', { _className: 'sp-ledger__method', text: attempt.cardScheme ? `${name} (${schemeName(attempt.cardScheme)})` : name }),
    h(doc, 'span', { _className: 'sp-ledger__amount', text: amount }),
    differs && h(doc, 'span', { _className: 'sp-hint', text: t.requestedWas(f._amount(attempt.requested)) }),
    h(doc, 'span', { _className: 'sp-chip', text: attempt.kept ? t.keptStatus : releasing ? t.releasing : t.attemptStatus[attempt.status] }),
    action === 'remove' && trancheButton(ctx, t.remove, t.removeLabel(amount, name), () => ctx._actions._removeTranche(attempt.attemptId)),
    action === 'stop' && trancheButton(ctx, t.stop, t.stopLabel(amount, name), () => ctx._actions._stopTranche(attempt.attemptId), `${ctx._idPrefix}-stop`),
  ]);
}

/**
 * What became of an attempt that took nothing: its decline's reason in words (never the PSP's text),
 * its cancellation, or its card's network refused (with the networks the entry accepts, from the view).
 */
export function unpaidText(ctx: Pick<RenderContext, 't' | 'f' | 'view'>, attempt: AttemptViewEntry): string {
  const { t, f } = ctx;
  const name = attemptMethodName(ctx, attempt);
  if (isRefusedNetwork(attempt)) {
    const offer = ctx.view.methods.find((m) => m.id === attempt.methodId);
    const accepted = offer?.method === 'card' && offer.schemes.length > 0 ? offer.schemes.map(schemeName).join(', ') : undefined;
    return t.networkRefused(name, f._amount(attempt.requested), attempt.cardScheme ? schemeName(attempt.cardScheme) : undefined, accepted);
  }
  if (attempt.status === 'CANCELLED') return t.cancelledAttempt(name, f._amount(attempt.requested));
  const category = attempt.declineCategory ?? 'unclassified';
  return t.declined(name, f._amount(attempt.requested), (category === 'bank-refusal' && t.refusedBy[attempt.method]) || t.declineReason[category]);
}

/** The notice's text: a refusal whose start emptied the card fields the payer typed also says they must be typed again. */
function noticeText(ctx: RenderContext, attempt: AttemptViewEntry): string {
  const text = unpaidText(ctx, attempt);
  return isRefusal(attempt) && attempt.attemptId === ctx._local._cardClearedFor ? `${text} ${ctx.t.cardDetailsCleared}` : text;
}

/** The id of the line telling what became of the last attempt that took nothing. */
export function unpaidNoticeId(idPrefix: string): string {
  return `${idPrefix}-unpaid`;
}

/** The tranches already held, paid or on their way, and what became of the last attempt when it took nothing. */
export function renderLedger(ctx: RenderContext): HTMLElement | undefined {
  const { doc, t } = ctx;
  const rows = ledgerRows(ctx.view);
  // A refused financing ends the session: its heading says it, a notice below would say it twice.
  const unpaid = ctx.view.status !== 'AWAITED_REFUSED' && lastUnpaid(ctx.view);
  if (rows.length === 0 && !unpaid) return undefined;
  return h(doc, 'section', { _className: 'sp-ledger', _attrs: { 'aria-labelledby': `${ctx._idPrefix}-ledger` } }, [
    h(doc, 'h3', { _className: 'sp-subheading', id: `${ctx._idPrefix}-ledger`, text: t.paymentsHeading }),
    rows.length > 0 && h(doc, 'ul', { _className: 'sp-ledger__rows' }, rows.map((a) => row(ctx, a))),
    // Focusable by script only: a new refusal takes focus there, so its reason is in view and read (D83).
    unpaid && h(doc, 'p', { _className: `sp-notice${isRefusal(unpaid) ? ' sp-notice--danger' : ''}`, id: unpaidNoticeId(ctx._idPrefix), _attrs: { tabindex: '-1' }, text: noticeText(ctx, unpaid) }),
  ]);
}
