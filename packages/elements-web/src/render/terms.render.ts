import { h } from '../dom/h';
import type { RenderContext } from './render-context';

/** The consent box while the order carries terms not yet accepted; labels are shown as given. */
export function renderTerms(ctx: RenderContext): HTMLElement | undefined {
  const { doc, t, view } = ctx;
  if (!view.terms || view.terms.length === 0 || view.termsAcceptedAt !== undefined) return undefined;
  const id = `${ctx._idPrefix}-terms`;
  const error = ctx._local._fieldErrors.terms;
  const box = h(doc, 'input', {
    id,
    _attrs: { type: 'checkbox', checked: ctx._local._termsTicked, 'aria-describedby': error ? `${id}-error` : undefined, 'aria-invalid': error ? 'true' : undefined },
    on: { change: (event) => ctx._actions._tickTerms((event.target as HTMLInputElement).checked) },
  });
  box.checked = ctx._local._termsTicked;
  const newTab = `${id}-new-tab`;
  const links = view.terms.map((term) => h(doc, 'li', {}, [h(doc, 'a', { text: term.label, _attrs: { href: term.url, target: '_blank', rel: 'noopener noreferrer', 'aria-describedby': newTab } })]));
  return h(doc, 'div', { _className: 'sp-terms' }, [
    h(doc, 'div', { _className: 'sp-terms__consent' }, [box, h(doc, 'label', { _attrs: { for: id }, text: t.termsAccept })]),
    h(doc, 'ul', { _className: 'sp-terms__links' }, links),
    h(doc, 'span', { _className: 'sp-sr-only', id: newTab, text: t.opensInNewTab }),
    error && h(doc, 'span', { _className: 'sp-field__error', id: `${id}-error`, text: error }),
  ]);
}
