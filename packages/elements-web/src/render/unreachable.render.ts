import { h } from '../dom/h';
import type { RenderContext } from './render-context';

/** The notice that the last read of the session failed and another is coming (what is shown stays as it was). */
export function renderUnreachable(ctx: Pick<RenderContext, 'doc' | 't' | 'idPrefix'>): HTMLElement {
  return h(ctx.doc, 'p', { className: 'sp-notice sp-notice--warning', id: `${ctx.idPrefix}-unreachable`, text: ctx.t.unreachable });
}

/** Nothing to show yet: the first read failed. */
export function renderFirstReadFailed(ctx: Pick<RenderContext, 'doc' | 't' | 'idPrefix'>): HTMLElement {
  return h(ctx.doc, 'div', { className: 'sp-body' }, [renderUnreachable(ctx)]);
}
