import { h } from '../dom/h';
import { amountBounds, strandsRemainder } from '../state/derive';
import type { MethodView } from '../types/session-view';
import { renderField } from './field.render';
import type { RenderContext } from './render-context';

/** The amount the payer puts on the chosen method, with range, preview and quick fill. */
export function renderAmountField(ctx: RenderContext, method: MethodView, amount: number | undefined): HTMLElement {
  const { doc, t, f, view } = ctx;
  const bounds = amountBounds(method, view.remaining.amount);
  const money = (n: number): string => f.amount({ amount: n, currency: view.currency });
  const field = renderField(ctx, {
    name: 'amount',
    label: t.amountLabel,
    value: ctx.local.amountText ?? f.plainAmount(view.remaining.amount, view.currency),
    hint: bounds.locked ? t.amountLocked : t.amountHint(money(bounds.min), money(bounds.max)),
    attrs: { inputmode: 'decimal', autocomplete: 'off', readonly: bounds.locked, 'aria-readonly': bounds.locked ? 'true' : undefined },
    onInput: (text) => ctx.actions.amountInput(text),
  });
  const left = amount !== undefined && amount <= view.remaining.amount ? view.remaining.amount - amount : undefined;
  return h(doc, 'div', { className: 'sp-amount' }, [
    field,
    !bounds.locked &&
      amount !== view.remaining.amount &&
      h(doc, 'button', {
        className: 'sp-button sp-button--link',
        text: t.payRemaining(money(view.remaining.amount)),
        attrs: { type: 'button', disabled: ctx.local.busy },
        on: { click: () => ctx.actions.fillRemaining() },
      }),
    h(doc, 'p', { className: 'sp-hint sp-amount__preview', id: `${ctx.idPrefix}-preview`, text: left !== undefined ? t.afterThisPayment(money(left)) : '' }),
    amount !== undefined && strandsRemainder(view, method, amount) && h(doc, 'p', { className: 'sp-notice sp-notice--warning', text: t.strandedWarning }),
  ]);
}
