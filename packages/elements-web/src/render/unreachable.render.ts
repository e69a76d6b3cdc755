import { h } from '../dom/h';
import type { RenderContext } from './render-context';

/**
 * The notice that the last read of the session failed or got no answer in time and another is coming
 * (what is shown stays as it was, never said failed), with a button to read it at once (D102-b).
 */
export function renderUnreachable(ctx: Pick<RenderContext, 'doc' | 't' | 'idPrefix' | 'actions'>): HTMLElement {
  const again = h(ctx.doc, 'button', { className: 'sp-button sp-button--link', text: ctx.t.checkAgain, attrs: { type: 'button' }, on: { click: () => ctx.actions.checkAgain() } });
  return h(ctx.doc, 'p', { className: 'sp-notice sp-notice--warning', id: `${ctx.idPrefix}-unreachable` }, [ctx.t.unreachable, ' ', again]);
}

/** Nothing to show yet: the first read failed. */
export function renderFirstReadFailed(ctx: Pick<RenderContext, 'doc' | 't' | 'idPrefix' | 'actions'>): HTMLElement {
  return h(ctx.doc, 'div', { className: 'sp-body' }, [renderUnreachable(ctx)]);
}
