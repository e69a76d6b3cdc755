import type { ApiResult } from '../api/api-types';
import { h, replaceChildren } from './dom';
import { refusalWords, type ViewContext } from './view-context';

/** One keyset page of a search, whatever it lists. */
export interface KeysetPage<T> {
  readonly items: readonly T[];
  readonly nextCursor?: string;
}

export interface KeysetPagesOptions<T> {
  read(cursor: string | undefined): Promise<ApiResult<KeysetPage<T>>>;
  /** The page drawn: a focusable table whose caption names the page, or the words saying nothing matches. */
  draw(items: readonly T[], page: number): HTMLElement;
  /** What the status line says of a page (its count, or that nothing matches). */
  said(count: number, page: number): string;
  /** The name of the Next/Previous navigation. */
  readonly pagesLabel: string;
}

/** A page of the service's answer under another name, so every list pages the same way. */
export function asKeysetPage<P, T>(answer: ApiResult<P>, items: (body: P) => readonly T[], next: (body: P) => string | undefined): ApiResult<KeysetPage<T>> {
  if (!answer.ok) return answer;
  const nextCursor = next(answer.body);
  return { ok: true, body: { items: items(answer.body), ...(nextCursor ? { nextCursor } : {}) } };
}

/**
 * A list read one keyset page at a time (newest first). The cursors already followed are kept so the
 * contact can walk back. Next and Previous are drawn anew with the page: focus goes to the new page's
 * table, not to the body. The rows are not in a live region (a screen reader would read twenty of them
 * out at every page): a status line, heard but not shown, says how many there are.
 */
export function keysetPages<T>(ctx: ViewContext, options: KeysetPagesOptions<T>): { readonly summary: HTMLElement; readonly results: HTMLElement } {
  const { t } = ctx.tr;
  const summary = h('p', { class: 'visually-hidden', role: 'status' });
  const results = h('div', { class: 'results', 'aria-busy': 'true' }, t.loading);
  const trail: (string | undefined)[] = [];

  const load = async (cursor: string | undefined, moved = false): Promise<void> => {
    results.setAttribute('aria-busy', 'true');
    const answer = await options.read(cursor);
    results.setAttribute('aria-busy', 'false');
    if (!answer.ok) {
      const failure = h('p', { class: 'error', role: 'alert', tabindex: '-1' }, refusalWords(ctx, answer.code));
      replaceChildren(results, failure);
      if (moved) failure.focus();
      return;
    }
    const pager = h('nav', { class: 'pager', 'aria-label': options.pagesLabel });
    if (trail.length > 0) {
      pager.append(h('button', { type: 'button', class: 'secondary', onclick: () => void load(trail.pop(), true) }, t.previousPage));
    }
    const next = answer.body.nextCursor;
    if (next) {
      pager.append(
        h('button', {
          type: 'button',
          onclick: () => {
            trail.push(cursor);
            void load(next, true);
          },
        }, t.nextPage),
      );
    }
    const page = trail.length + 1;
    summary.textContent = options.said(answer.body.items.length, page);
    const drawn = options.draw(answer.body.items, page);
    replaceChildren(results, drawn, pager.childElementCount > 0 ? pager : null);
    if (moved) drawn.focus();
  };
  void load(undefined);
  return { summary, results };
}
