import { h } from '../dom/h';
import type { AttemptViewEntry, EndStatus } from '../types/session-view';
import { methodName, type RenderContext } from './render-context';

function heading(ctx: RenderContext, text: string): HTMLElement {
  return h(ctx.doc, 'h3', { className: 'sp-subheading sp-screen-heading', id: `${ctx.idPrefix}-screen`, text, attrs: { tabindex: -1 } });
}

/** A failed action of this screen, said where its buttons are (the payment form has its own). */
function formError(ctx: RenderContext): HTMLElement | undefined {
  const text = ctx.local.formError;
  return text === undefined ? undefined : h(ctx.doc, 'p', { className: 'sp-notice sp-notice--danger', id: `${ctx.idPrefix}-form-error`, text });
}

export function renderEnded(ctx: RenderContext, status: EndStatus): HTMLElement {
  return h(ctx.doc, 'section', { className: `sp-panel sp-panel--${status === 'PAID' ? 'success' : 'ended'}` }, [heading(ctx, ctx.t.ended[status])]);
}

export function renderWaiting(ctx: RenderContext, text: string): HTMLElement {
  return h(ctx.doc, 'section', { className: 'sp-panel', attrs: { 'aria-busy': 'true' } }, [h(ctx.doc, 'span', { className: 'sp-spinner', attrs: { 'aria-hidden': 'true' } }), heading(ctx, text)]);
}

/**
 * An attempt on its way: a redirect not taken yet can be taken from here (after a reload, say); an
 * in-page action runs at `actionPlace` (the kept container of the acquirer's frame).
 */
export function renderConfirming(ctx: RenderContext, attempt: AttemptViewEntry, actionPlace?: Node): HTMLElement {
  const { doc, t } = ctx;
  const offer = ctx.view.methods.find((m) => m.id === attempt.methodId);
  const name = offer ? methodName(ctx, offer) : t.methodName[attempt.method];
  return h(doc, 'section', { className: 'sp-panel', attrs: { 'aria-busy': 'true' } }, [
    h(doc, 'span', { className: 'sp-spinner', attrs: { 'aria-hidden': 'true' } }),
    heading(ctx, t.confirming),
    attempt.redirect &&
      h(doc, 'button', {
        className: 'sp-button sp-button--primary',
        id: `${ctx.idPrefix}-continue`,
        text: t.continueAt(name),
        attrs: { type: 'button', disabled: ctx.local.busy },
        on: { click: () => ctx.actions.continueRedirect(attempt.attemptId) },
      }),
    attempt.pageAction && actionPlace ? h(doc, 'div', { className: 'sp-page-action-place' }, [actionPlace]) : undefined,
    formError(ctx),
  ]);
}

/** A mandated partial grant: keep it and pay the rest another way, or cancel it. */
export function renderPartialPrompt(ctx: RenderContext, attempt: AttemptViewEntry): HTMLElement {
  const { doc, t, f } = ctx;
  const granted = f.amount(attempt.granted);
  return h(doc, 'section', { className: 'sp-panel sp-prompt', attrs: { role: 'group', 'aria-labelledby': `${ctx.idPrefix}-screen` } }, [
    heading(ctx, t.partialHeading),
    h(doc, 'p', { text: t.partialGranted(granted, f.amount(attempt.requested)) }),
    formError(ctx),
    h(doc, 'div', { className: 'sp-actions' }, [
      h(doc, 'button', { className: 'sp-button sp-button--primary', id: `${ctx.idPrefix}-keep`, text: t.partialAccept(granted), attrs: { type: 'button', disabled: ctx.local.busy }, on: { click: () => ctx.actions.acceptPartial(attempt.attemptId) } }),
      h(doc, 'button', { className: 'sp-button', id: `${ctx.idPrefix}-refuse`, text: t.partialRefuse, attrs: { type: 'button', disabled: ctx.local.busy }, on: { click: () => ctx.actions.refusePartial(attempt.attemptId) } }),
    ]),
  ]);
}

/** "Cancel payment", then its confirmation: every hold is released. */
export function renderAbandon(ctx: RenderContext): HTMLElement {
  const { doc, t, local } = ctx;
  if (!local.confirmingAbandon) {
    return h(doc, 'div', { className: 'sp-abandon' }, [
      h(doc, 'button', { className: 'sp-button sp-button--link', id: `${ctx.idPrefix}-abandon`, text: t.cancelPayment, attrs: { type: 'button', disabled: local.busy }, on: { click: () => ctx.actions.askAbandon() } }),
    ]);
  }
  return h(doc, 'div', { className: 'sp-abandon sp-abandon--confirm', attrs: { role: 'group', 'aria-labelledby': `${ctx.idPrefix}-abandon-q` } }, [
    h(doc, 'p', { id: `${ctx.idPrefix}-abandon-q`, text: t.cancelPaymentConfirm }),
    h(doc, 'div', { className: 'sp-actions' }, [
      h(doc, 'button', { className: 'sp-button sp-button--danger', text: t.cancelPaymentYes, attrs: { type: 'button', disabled: local.busy }, on: { click: () => ctx.actions.confirmAbandon(true) } }),
      h(doc, 'button', { className: 'sp-button', id: `${ctx.idPrefix}-abandon-no`, text: t.cancelPaymentNo, attrs: { type: 'button', disabled: local.busy }, on: { click: () => ctx.actions.confirmAbandon(false) } }),
    ]),
  ]);
}
