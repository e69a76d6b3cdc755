import { h } from '../dom/h';
import type { AttemptViewEntry, EndStatus } from '../types/session-view';
import { isCounted, keptAmount } from '../state/derive';
import { attemptMethodName, type RenderContext } from './render-context';

export function heading(ctx: Pick<RenderContext, 'doc' | '_idPrefix'>, text: string): HTMLElement {
  return h(ctx.doc, 'h3', { _className: 'sp-subheading sp-screen-heading', id: `${ctx._idPrefix}-screen`, text, _attrs: { tabindex: -1 } });
}

/** A failed action of this screen, said where its buttons are (the payment form has its own). */
export function formError(ctx: RenderContext): HTMLElement | undefined {
  const text = ctx._local._formError;
  return text === undefined ? undefined : h(ctx.doc, 'p', { _className: 'sp-notice sp-notice--danger', id: `${ctx._idPrefix}-form-error`, text });
}

/** How the session ended: an unpaid ending says what was taken when money paid is not handed back (the view's `kept`, D147-a, D149-c). */
export function endedText({ t, f, view }: Pick<RenderContext, 't' | 'f' | 'view'>, status: EndStatus): string {
  const kept = status !== 'PAID' && keptAmount(view);
  return kept ? t.kept(f._amount({ amount: kept, currency: view.currency })) : t.ended[status];
}

export function renderEnded(ctx: RenderContext, status: EndStatus): HTMLElement {
  return h(ctx.doc, 'section', { _className: `sp-panel sp-panel--${status === 'PAID' ? 'success' : 'ended'}` }, [heading(ctx, endedText(ctx, status))]);
}

export function renderWaiting(ctx: RenderContext, text: string): HTMLElement {
  return h(ctx.doc, 'section', { _className: 'sp-panel', _attrs: { 'aria-busy': 'true' } }, [h(ctx.doc, 'span', { _className: 'sp-spinner', _attrs: { 'aria-hidden': 'true' } }), heading(ctx, text)]);
}

/**
 * An attempt on its way: a redirect not taken yet waits for the payer on the PSP's page, and is taken
 * from here (back from it, after a reload): nothing is being confirmed, so no spinner and not busy. An
 * in-page action runs at `actionPlace` (the kept container of the acquirer's frame).
 */
export function renderConfirming(ctx: RenderContext, attempt: AttemptViewEntry, actionPlace?: Node): HTMLElement {
  const { doc, t } = ctx;
  const name = attemptMethodName(ctx, attempt);
  // A card's redirect is its bank's check (3-D Secure), not a page of its own; every other kind redirects to its PSP's page.
  const bank = attempt.method === 'card';
  return h(doc, 'section', { _className: 'sp-panel', _attrs: { 'aria-busy': !attempt.redirect && 'true' } }, [
    !attempt.redirect && h(doc, 'span', { _className: 'sp-spinner', _attrs: { 'aria-hidden': 'true' } }),
    heading(ctx, attempt.redirect ? (bank ? t.bankChallenge : t.finishAt(name)) : t.confirming),
    attempt.redirect &&
      h(doc, 'button', {
        _className: 'sp-button sp-button--primary',
        id: `${ctx._idPrefix}-continue`,
        text: t.continueAt(bank ? t.yourBank : name),
        _attrs: { type: 'button', disabled: ctx._local._busy },
        on: { click: () => ctx._actions._continueRedirect(attempt.attemptId) },
      }),
    attempt.pageAction && actionPlace ? h(doc, 'div', { _className: 'sp-page-action-place' }, [actionPlace]) : undefined,
    formError(ctx),
  ]);
}

/** A mandated partial grant: keep it and pay the rest another way, or cancel it. */
export function renderPartialPrompt(ctx: RenderContext, attempt: AttemptViewEntry): HTMLElement {
  const { doc, t, f } = ctx;
  const granted = f._amount(attempt.granted);
  return h(doc, 'section', { _className: 'sp-panel sp-prompt', _attrs: { role: 'group', 'aria-labelledby': `${ctx._idPrefix}-screen` } }, [
    heading(ctx, t.partialHeading),
    h(doc, 'p', { text: t.partialGranted(granted, f._amount(attempt.requested)) }),
    formError(ctx),
    h(doc, 'div', { _className: 'sp-actions' }, [
      h(doc, 'button', { _className: 'sp-button sp-button--primary', id: `${ctx._idPrefix}-keep`, text: t.partialAccept(granted), _attrs: { type: 'button', disabled: ctx._local._busy }, on: { click: () => ctx._actions._acceptPartial(attempt.attemptId) } }),
      h(doc, 'button', { _className: 'sp-button', id: `${ctx._idPrefix}-refuse`, text: t.partialRefuse, _attrs: { type: 'button', disabled: ctx._local._busy }, on: { click: () => ctx._actions._removeTranche(attempt.attemptId) } }),
    ]),
  ]);
}

/** "Cancel payment", then its confirmation: every hold is released, every payment refunded. */
export function renderAbandon(ctx: RenderContext): HTMLElement {
  const { doc, t, _local: local } = ctx;
  if (!local._confirmingAbandon) {
    return h(doc, 'div', { _className: 'sp-abandon' }, [
      h(doc, 'button', { _className: 'sp-button sp-button--link', id: `${ctx._idPrefix}-abandon`, text: t.cancelPayment, _attrs: { type: 'button', disabled: local._busy }, on: { click: () => ctx._actions._askAbandon() } }),
    ]);
  }
  const confirm = t.cancelPaymentConfirm;
  const counted = ctx.view.attempts.filter(isCounted);
  const paid = counted.filter((a) => a.status == 'CAPTURED');
  // The view says which paid money nothing can hand back (D161-a): the page never works it out.
  const kept = paid.filter((a) => a.nonRefundable);
  return h(doc, 'div', { _className: 'sp-abandon sp-abandon--confirm', _attrs: { role: 'group', 'aria-labelledby': `${ctx._idPrefix}-abandon-q` } }, [
    h(doc, 'p', { id: `${ctx._idPrefix}-abandon-q`, text: typeof confirm == 'string' ? confirm : confirm(paid.length > kept.length, paid.length < counted.length, kept.map((a) => attemptMethodName(ctx, a)).join(', ')) }),
    h(doc, 'div', { _className: 'sp-actions' }, [
      h(doc, 'button', { _className: 'sp-button sp-button--danger', text: t.cancelPaymentYes, _attrs: { type: 'button', disabled: local._busy }, on: { click: () => ctx._actions._confirmAbandon(true) } }),
      h(doc, 'button', { _className: 'sp-button', id: `${ctx._idPrefix}-abandon-no`, text: t.cancelPaymentNo, _attrs: { type: 'button', disabled: local._busy }, on: { click: () => ctx._actions._confirmAbandon(false) } }),
    ]),
  ]);
}
