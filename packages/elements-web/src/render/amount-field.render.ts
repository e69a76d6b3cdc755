import { h } from '../dom/h';
import { amountBounds, strandsRemainder } from '../state/derive';
import type { MethodView } from '../types/session-view';
import { renderField } from './field.render';
import type { RenderContext } from './render-context';

/** The amount the payer puts on the chosen method, with range, preview and quick fill. */
export function renderAmountField(ctx: RenderContext, method: MethodView, amount: number | undefined): HTMLElement {
  const { doc, t, f, view } = ctx;
  const bounds = amountBounds(method, view.remaining.amount);
  const money = (n: number): string => f._amount({ amount: n, currency: view.currency });
  const field = renderField(ctx, {
    name: 'amount',
    _label: t.amountLabel,
    value: ctx._local._amountText ?? f._plainAmount(view.remaining.amount, view.currency),
    _hint: bounds._locked ? t.amountLocked : t.amountHint(money(bounds.min), money(bounds.max)),
    _attrs: { inputmode: 'decimal', autocomplete: 'off', readonly: bounds._locked, 'aria-readonly': bounds._locked ? 'true' : undefined },
    _onInput: (text) => ctx._actions._amountInput(text),
  });
  const left = amount !== undefined && amount <= view.remaining.amount ? view.remaining.amount - amount : undefined;
  return h(doc, 'div', { _className: 'sp-amount' }, [
    field,
    !bounds._locked &&
      amount !== view.remaining.amount &&
      h(doc, 'button', {
        _className: 'sp-button sp-button--link',
        text: t.payRemaining(money(view.remaining.amount)),
        _attrs: { type: 'button', disabled: ctx._local._busy },
        on: { click: () => ctx._actions._fillRemaining() },
      }),
    h(doc, 'p', { _className: 'sp-hint sp-amount__preview', id: `${ctx._idPrefix}-preview`, text: left !== undefined ? t.afterThisPayment(money(left)) : '' }),
    amount !== undefined && strandsRemainder(view, method, amount) && h(doc, 'p', { _className: 'sp-notice sp-notice--warning', text: t.strandedWarning }),
  ]);
}
