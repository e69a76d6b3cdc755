import { h } from '../dom/h';
import { ineligibleForAmount } from '../state/derive';
import type { MethodView } from '../types/session-view';
import { methodName, type RenderContext } from './render-context';

/** Can the payer pick it here: eligible, and for Apple Pay only where the device offers it. */
export function selectable(ctx: Pick<RenderContext, '_applePayAvailable'>, method: MethodView): boolean {
  return method.eligible && (method.method !== 'applepay' || ctx._applePayAvailable);
}

function hintOf(ctx: RenderContext, method: MethodView): string | undefined {
  const { t, f } = ctx;
  const parts: string[] = [];
  if (!method.eligible) parts.push(ineligibleForAmount(ctx.view, method) ? t.notEligible : t.notEligibleForOrder);
  else if (method.method === 'applepay' && !ctx._applePayAvailable) parts.push(t.walletUnavailable);
  if (method.range) parts.push(t.rangeHint(f._amount({ amount: method.range.min, currency: method.range.currency }), f._amount({ amount: method.range.max, currency: method.range.currency })));
  if (method.mustSettleRemaining) parts.push(t.settlesRemaining);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** Every method in the configured order; ineligible ones shown disabled with why. */
export function renderMethodList(ctx: RenderContext, selected: MethodView | undefined): HTMLElement {
  const { doc, t } = ctx;
  const items = ctx.view.methods.map((method, index) => {
    const inputId = `${ctx._idPrefix}-method-${index}`;
    const hintId = `${inputId}-hint`;
    const hint = hintOf(ctx, method);
    const enabled = selectable(ctx, method);
    return h(doc, 'div', { _className: `sp-method${selected?.id === method.id ? ' sp-method--selected' : ''}${enabled ? '' : ' sp-method--disabled'}` }, [
      h(doc, 'input', {
        id: inputId,
        _className: 'sp-method__radio',
        _attrs: {
          type: 'radio',
          name: `${ctx._idPrefix}-method`,
          value: method.id,
          checked: selected?.id === method.id,
          disabled: !enabled || ctx._local._busy,
          'aria-describedby': hint ? hintId : undefined,
        },
        on: { change: () => ctx._actions._selectMethod(method.id) },
      }),
      h(doc, 'label', { _className: 'sp-method__label', text: methodName(ctx, method), _attrs: { for: inputId } }),
      hint && h(doc, 'span', { _className: 'sp-hint', id: hintId, text: hint }),
    ]);
  });
  return h(doc, 'fieldset', { _className: 'sp-methods' }, [h(doc, 'legend', { _className: 'sp-legend', text: t.methodsLegend }), ...items]);
}
