import { h } from '../dom/h';
import type { CardMethodView } from '../types/session-view';
import { renderField } from './field.render';
import type { RenderContext } from './render-context';
import { schemeName } from './scheme-names';


/**
 * The card front: our own fields for the fake provider; for acquirer-hosted cards, `hostedPlace`, where
 * the controller keeps the container the acquirer's SDK fills (loaded only then). This fieldset and
 * its ancestors get no listeners: they are kept across renders, taking only the new attributes and
 * children (mount/keep-in-place.ts).
 */
export function renderCardFront(ctx: RenderContext, method: CardMethodView, hostedPlace: Node | undefined): HTMLElement {
  const { doc, t, _local: local } = ctx;
  const schemes = h(doc, 'p', { _className: 'sp-hint', text: t.cardSchemes(method.schemes.map(schemeName).join(', ')) });
  const saved = ctx.view.mustCreateAlias === true && h(doc, 'p', { _className: 'sp-notice', text: t.cardWillBeSaved });
  if (method.integration !== 'fake') {
    // The acquirer's fields cannot be focused or described from here: the group takes both.
    const id = `${ctx._idPrefix}-card`;
    const error = local._fieldErrors.card;
    return h(doc, 'fieldset', { _className: `sp-card${error ? ' sp-card--invalid' : ''}`, id, _attrs: { tabindex: -1, 'aria-describedby': error ? `${id}-error` : undefined } }, [
      h(doc, 'legend', { _className: 'sp-legend', text: t.cardLegend }),
      schemes,
      saved,
      hostedPlace ?? h(doc, 'p', { _className: 'sp-hint', text: t.hostedLoading }),
      error && h(doc, 'p', { _className: 'sp-field__error', id: `${id}-error`, text: error }),
      // The acquirer's fields carry the card alone: the name the offer asks for is ours, sent with the token.
      holderField(ctx, method),
    ]);
  }
  const set = (field: 'cardNumber' | 'expiry' | 'cvc' | 'holder') => (value: string) => ctx._actions._fieldInput(field, value);
  return h(doc, 'fieldset', { _className: 'sp-card' }, [
    h(doc, 'legend', { _className: 'sp-legend', text: t.cardLegend }),
    schemes,
    saved,
    renderField(ctx, { name: 'cardNumber', _label: t.cardNumber, value: local.cardNumber, _attrs: { inputmode: 'numeric', autocomplete: 'cc-number', spellcheck: 'false' }, _onInput: set('cardNumber') }),
    h(doc, 'div', { _className: 'sp-card__row' }, [
      renderField(ctx, { name: 'expiry', _label: t.cardExpiry, value: local.expiry, _hint: t.cardExpiryHint, _attrs: { inputmode: 'numeric', autocomplete: 'cc-exp' }, _onInput: set('expiry') }),
      renderField(ctx, { name: 'cvc', _label: t.cardCvc, value: local.cvc, _attrs: { inputmode: 'numeric', autocomplete: 'cc-csc' }, _onInput: set('cvc') }),
    ]),
    holderField(ctx, method),
  ]);
}

/** The cardholder-name field, when the offer asks the payer for it (`cardHolder`). */
function holderField(ctx: RenderContext, method: CardMethodView): HTMLElement | false {
  if (method.cardHolder !== true) return false;
  return renderField(ctx, { name: 'holder', _label: ctx.t.cardHolder, value: ctx._local.holder, _attrs: { autocomplete: 'cc-name' }, _onInput: (value) => ctx._actions._fieldInput('holder', value) });
}
