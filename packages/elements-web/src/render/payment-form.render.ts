import { h } from '../dom/h';
import { selectedMethod } from '../state/derive';
import type { MethodView } from '../types/session-view';
import { renderAmountField } from './amount-field.render';
import { renderCardFront } from './card-front.render';
import { renderMethodList, selectable } from './method-list.render';
import { renderPlanChooser } from './plan-chooser.render';
import { methodName, type RenderContext } from './render-context';
import { renderTerms } from './terms.render';

const REDIRECTED: ReadonlySet<MethodView['method']> = new Set(['paypal', 'wero', 'ancv', 'oney']);

/** The method the form is on, and the amount the payer typed (undefined when it is not an amount). */
export function formSelection(ctx: Pick<RenderContext, 'view' | 'local' | 'f' | 'applePayAvailable'>): { method?: MethodView; amount?: number } {
  const method = selectedMethod(ctx.view, ctx.local.methodId, (m) => selectable(ctx, m));
  if (!method) return {};
  const locked = method.mustSettleRemaining === true || method.method === 'oney';
  const text = ctx.local.amountText;
  const amount = locked || text === undefined ? ctx.view.remaining.amount : ctx.f.parseAmount(text, ctx.view.currency);
  return { method, ...(amount !== undefined ? { amount } : {}) };
}

/** Pay is described by the failure shown above it (focus returns to Pay after one) and by what keeps it disabled. */
function payDescribedBy(ctx: RenderContext, termsPending: boolean): string | undefined {
  const ids = [ctx.local.formError !== undefined ? `${ctx.idPrefix}-form-error` : undefined, termsPending ? `${ctx.idPrefix}-terms-hint` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The form for the next tranche: method, amount, the method's front, terms, Pay, and cancel. */
export function renderPaymentForm(ctx: RenderContext, hostedPlace: Node | undefined): HTMLElement {
  const { doc, t, f, local } = ctx;
  const { method, amount } = formSelection(ctx);
  const children: (HTMLElement | false | undefined)[] = [renderMethodList(ctx, method)];
  if (method) {
    children.push(renderAmountField(ctx, method, amount));
    if (method.method === 'card') children.push(renderCardFront(ctx, method, hostedPlace));
    if (method.method === 'oney') children.push(renderPlanChooser(ctx, method));
    if (REDIRECTED.has(method.method)) children.push(h(doc, 'p', { className: 'sp-hint', text: t.redirectNotice(methodName(ctx, method)) }));
    children.push(renderTerms(ctx));
    const termsPending = ctx.view.terms !== undefined && ctx.view.terms.length > 0 && ctx.view.termsAcceptedAt === undefined && !local.termsTicked;
    const shown = f.amount({ amount: amount ?? 0, currency: ctx.view.currency });
    children.push(
      local.formError !== undefined && h(doc, 'p', { className: 'sp-notice sp-notice--danger', id: `${ctx.idPrefix}-form-error`, text: local.formError }),
      method.method === 'applepay'
        ? h(doc, 'button', {
            className: 'sp-applepay-button',
            text: t.applePayButton,
            attrs: { type: 'button', lang: doc.documentElement.lang || undefined, 'aria-label': `${t.applePayButton} (${shown})`, disabled: local.busy || termsPending, 'aria-describedby': payDescribedBy(ctx, termsPending) },
            on: { click: () => ctx.actions.payWithApplePay() },
          })
        : h(doc, 'button', {
            className: 'sp-button sp-button--primary sp-pay',
            id: `${ctx.idPrefix}-pay`,
            text: local.starting ? t.processing : t.pay(shown, methodName(ctx, method)),
            attrs: { type: 'button', disabled: local.busy || termsPending, 'aria-describedby': payDescribedBy(ctx, termsPending) },
            on: { click: () => ctx.actions.pay() },
          }),
      termsPending && h(doc, 'p', { className: 'sp-hint', id: `${ctx.idPrefix}-terms-hint`, text: t.termsRequired }),
    );
  }
  return h(doc, 'section', { className: 'sp-form', attrs: { 'aria-label': t.methodsLegend } }, children);
}
