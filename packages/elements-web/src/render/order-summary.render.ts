import { h } from '../dom/h';
import { showsRemaining } from '../state/derive';
import type { RenderContext } from './render-context';

/** The cart lines, the total and, while it means something, the remaining balance (always the server's figure). */
export function renderOrderSummary(ctx: RenderContext): HTMLElement {
  const { doc, t, f, view } = ctx;
  const lines = view.cartItems.map((item) =>
    h(doc, 'li', { className: 'sp-cart__line' }, [
      h(doc, 'span', { className: 'sp-cart__label', text: item.label }),
      h(doc, 'span', { className: 'sp-cart__qty', text: t.quantity(item.quantity) }),
      h(doc, 'span', { className: 'sp-cart__amount', text: f.amount(item.amount) }),
    ]),
  );
  return h(doc, 'section', { className: 'sp-summary', attrs: { 'aria-labelledby': `${ctx.idPrefix}-order` } }, [
    h(doc, 'h2', { className: 'sp-heading', id: `${ctx.idPrefix}-order`, text: t.orderHeading }),
    lines.length > 0 && h(doc, 'ul', { className: 'sp-cart' }, lines),
    h(doc, 'p', { className: 'sp-summary__total' }, [h(doc, 'span', { text: t.total }), ' ', h(doc, 'strong', { text: f.amount(view.total) })]),
    showsRemaining(view.status) && h(doc, 'p', { className: 'sp-remaining', id: `${ctx.idPrefix}-remaining`, text: t.remainingOf(f.amount(view.remaining), f.amount(view.total)) }),
    view.status === 'PENDING' &&
      h(doc, 'p', {
        className: ctx.local.expiringSoon ? 'sp-notice sp-notice--warning' : 'sp-hint',
        id: `${ctx.idPrefix}-deadline`,
        text: ctx.local.expiringSoon ? t.expiresSoon(f.time(view.expiresAt)) : t.payBy(f.time(view.expiresAt)),
      }),
    view.statementDescriptor !== undefined && h(doc, 'p', { className: 'sp-hint', text: t.statementDescriptor(view.statementDescriptor) }),
  ]);
}
