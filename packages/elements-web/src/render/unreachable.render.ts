import { h } from '../dom/h';
import type { RenderContext } from './render-context';

/**
 * The notice that the last read of the session failed or got no answer in time and another is coming
 * (what is shown stays as it was, never said failed), with a button to read it at once (D102-b).
 */
export function renderUnreachable(ctx: Pick<RenderContext, 'doc' | 't' | '_idPrefix' | '_actions'>): HTMLElement {
  const again = h(ctx.doc, 'button', { _className: 'sp-button sp-button--link', text: ctx.t.checkAgain, _attrs: { type: 'button' }, on: { click: () => ctx._actions._checkAgain() } });
  return h(ctx.doc, 'p', { _className: 'sp-notice sp-notice--warning', id: `${ctx._idPrefix}-unreachable` }, [ctx.t.unreachable, ' ', again]);
}

/** Nothing to show yet: the first read failed. */
export function renderFirstReadFailed(ctx: Pick<RenderContext, 'doc' | 't' | '_idPrefix' | '_actions'>): HTMLElement {
  return h(ctx.doc, 'div', { _className: 'sp-body' }, [renderUnreachable(ctx)]);
}
