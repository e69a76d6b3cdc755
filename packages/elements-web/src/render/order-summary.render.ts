import { h } from '../dom/h';
import { showsRemaining } from '../state/derive';
import type { RenderContext } from './render-context';

/** The cart lines, the total and, while it means something, the remaining balance (always the server's figure). */
export function renderOrderSummary(ctx: RenderContext): HTMLElement {
  const { doc, t, f, view } = ctx;
  const lines = view.cartItems.map((item) =>
    h(doc, 'li', { _className: 'sp-cart__line' }, [
      h(doc, 'span', { _className: 'sp-cart__label', text: item.label }),
      h(doc, 'span', { _className: 'sp-cart__qty', text: t.quantity(item.quantity) }),
      h(doc, 'span', { _className: 'sp-cart__amount', text: f._amount(item.amount) }),
    ]),
  );
  return h(doc, 'section', { _className: 'sp-summary', _attrs: { 'aria-labelledby': `${ctx._idPrefix}-order` } }, [
    h(doc, 'h2', { _className: 'sp-heading', id: `${ctx._idPrefix}-order`, text: t.orderHeading }),
    lines.length > 0 && h(doc, 'ul', { _className: 'sp-cart' }, lines),
    h(doc, 'p', { _className: 'sp-summary__total' }, [h(doc, 'span', { text: t.total }), ' ', h(doc, 'strong', { text: f._amount(view.total) })]),
    showsRemaining(view.status) && h(doc, 'p', { _className: 'sp-remaining', id: `${ctx._idPrefix}-remaining`, text: t.remainingOf(f._amount(view.remaining), f._amount(view.total)) }),
    view.status === 'PENDING' &&
      h(doc, 'p', {
        _className: ctx._local._expiringSoon ? 'sp-notice sp-notice--warning' : 'sp-hint',
        id: `${ctx._idPrefix}-deadline`,
        text: ctx._local._expiringSoon ? t.expiresSoon(f.time(view.expiresAt)) : t.payBy(f.time(view.expiresAt)),
      }),
    view.statementDescriptor !== undefined && h(doc, 'p', { _className: 'sp-hint', text: t.statementDescriptor(view.statementDescriptor) }),
  ]);
}
