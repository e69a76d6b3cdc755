import { h } from '../dom/h';
import { selectedMethod } from '../state/derive';
import type { MethodView } from '../types/session-view';
import { renderAmountField } from './amount-field.render';
import { renderCardFront } from './card-front.render';
import { renderMethodList, selectable } from './method-list.render';
import { renderPlanChooser } from './plan-chooser.render';
import { methodName, type RenderContext } from './render-context';
import { renderTerms } from './terms.render';
import { formError } from './status-panels.render';

/** The method the form is on, and the amount the payer typed (undefined when it is not an amount). */
export function formSelection(ctx: Pick<RenderContext, 'view' | '_local' | 'f' | '_applePayAvailable'>): { method?: MethodView; amount?: number } {
  const method = selectedMethod(ctx.view, ctx._local._methodId, (m) => selectable(ctx, m));
  if (!method) return {};
  const locked = method.mustSettleRemaining || method.method === 'oney';
  const text = ctx._local._amountText;
  const amount = locked || text === undefined ? ctx.view.remaining.amount : ctx.f._parseAmount(text, ctx.view.currency);
  return { method, ...(amount !== undefined ? { amount } : {}) };
}

/** Pay is described by the failure shown above it (focus returns to Pay after one) and by what keeps it disabled. */
function payDescribedBy(ctx: RenderContext, termsPending: boolean): string | undefined {
  const ids = [ctx._local._formError !== undefined ? `${ctx._idPrefix}-form-error` : undefined, termsPending ? `${ctx._idPrefix}-terms-hint` : undefined].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The form for the next tranche: method, amount, the method's front, terms, Pay, and cancel. */
export function renderPaymentForm(ctx: RenderContext, hostedPlace: Node | undefined): HTMLElement {
  const { doc, t, f, _local: local } = ctx;
  const { method, amount } = formSelection(ctx);
  const children: (HTMLElement | false | undefined)[] = [renderMethodList(ctx, method)];
  if (method) {
    children.push(renderAmountField(ctx, method, amount));
    if (method.method === 'card') children.push(renderCardFront(ctx, method, hostedPlace));
    // Every kind but the card (its bank's check, if any, comes later) and Apple Pay (its sheet) continues on its PSP's page.
    else if (method.method !== 'applepay') children.push(method.method === 'oney' && renderPlanChooser(ctx, method), h(doc, 'p', { _className: 'sp-hint', text: t.redirectNotice(methodName(ctx, method)) }));
    children.push(renderTerms(ctx));
    const termsPending = ctx.view.terms !== undefined && ctx.view.terms.length > 0 && ctx.view.termsAcceptedAt === undefined && !local._termsTicked;
    const shown = f._amount({ amount: amount ?? 0, currency: ctx.view.currency });
    children.push(
      formError(ctx),
      method.method === 'applepay'
        ? h(doc, 'button', {
            _className: 'sp-applepay-button',
            text: t.applePayButton,
            _attrs: { type: 'button', lang: doc.documentElement.lang || undefined, 'aria-label': amount === undefined ? undefined : `${t.applePayButton} (${shown})`, disabled: local._busy || termsPending, 'aria-describedby': payDescribedBy(ctx, termsPending) },
            on: { click: () => ctx._actions._payWithApplePay() },
          })
        : h(doc, 'button', {
            _className: 'sp-button sp-button--primary sp-pay',
            id: `${ctx._idPrefix}-pay`,
            // An amount the field cannot read is not on the button (never "Pay €0.00").
            text: local._starting ? t.processing : amount === undefined ? t.payWith(methodName(ctx, method)) : t.pay(shown, methodName(ctx, method)),
            _attrs: { type: 'button', disabled: local._busy || termsPending, 'aria-describedby': payDescribedBy(ctx, termsPending) },
            on: { click: () => ctx._actions._pay() },
          }),
      termsPending && h(doc, 'p', { _className: 'sp-hint', id: `${ctx._idPrefix}-terms-hint`, text: t.termsRequired }),
    );
    // No method to pay with (none eligible): a refusal is still said, e.g. a start refused once the time to live passed (D149-a).
  } else children.push(formError(ctx));
  return h(doc, 'section', { _className: 'sp-form', _attrs: { 'aria-label': t.methodsLegend } }, children);
}
