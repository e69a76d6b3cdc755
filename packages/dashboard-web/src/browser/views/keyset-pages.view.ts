import type { ApiResult } from '../api/api-types';
import { h, replaceChildren } from './dom';
import { tableRegion } from './table-region';
import { refusalWords, type ViewContext } from './view-context';

/** One keyset page of a search, whatever it lists. */
export interface KeysetPage<T> {
  readonly items: readonly T[];
  readonly nextCursor?: string;
}

export interface KeysetPagesOptions<T> {
  read(cursor: string | undefined): Promise<ApiResult<KeysetPage<T>>>;
  /**
   * The page drawn: a focusable table whose caption names the page, or the words saying nothing
   * matches; `cursors` are the ones followed to it (its rows' links carry them, D70); `more`: a next
   * page exists (a page can be empty and still have one, D155-d).
   */
  draw(items: readonly T[], page: number, cursors: readonly string[], more: boolean): HTMLElement;
  /** What the status line says of a page (its count, or that nothing matches). */
  said(count: number, page: number, more: boolean): string;
  /** The name of the Next/Previous navigation. */
  readonly pagesLabel: string;
  /** The cursors followed from the first page to the page shown first, as the list's address says (D70). */
  readonly start: readonly string[];
  /** The list's address at the page the cursors lead to, written in place when Next or Previous moves. */
  address(cursors: readonly string[]): string;
}

/** A page of the service's answer under another name, so every list pages the same way. */
export function asKeysetPage<P, T>(answer: ApiResult<P>, items: (body: P) => readonly T[], next: (body: P) => string | undefined): ApiResult<KeysetPage<T>> {
  if (!answer.ok) return answer;
  const nextCursor = next(answer.body);
  return { ok: true, body: { items: items(answer.body), ...(nextCursor ? { nextCursor } : {}) } };
}

/**
 * A list read one keyset page at a time (newest first). The cursors followed from the first page are
 * kept so the contact can walk back, and written into the list's address in place of the one shown
 * (no history entry, as before D70), so a reload, the browser's Back and a payment's Back link return
 * to the same page. Next and Previous are drawn anew with the page: focus goes to the new page's
 * table, not to the body. The rows are not in a live region (a screen reader would read twenty of them
 * out at every page): a status line, heard but not shown, says how many there are.
 */
export function keysetPages<T>(ctx: ViewContext, options: KeysetPagesOptions<T>): { readonly summary: HTMLElement; readonly results: HTMLElement } {
  const { t } = ctx.tr;
  const summary = h('p', { class: 'visually-hidden', role: 'status' });
  const results = h('div', { class: 'results', 'aria-busy': 'true' }, t.loading);
  const followed = [...options.start];

  let reading = false;

  // A press while a page is read moves nothing: a double press on Next would follow one cursor twice.
  const move = (step: () => void): void => {
    if (reading) return;
    step();
    ctx.replaceAddress(options.address(followed));
    void load(true);
  };

  // `notice`: words drawn above the page (the first page shown in place of one the service refused).
  const load = async (moved = false, notice?: string): Promise<void> => {
    results.setAttribute('aria-busy', 'true');
    reading = true;
    const answer = await options.read(followed.at(-1)).finally(() => (reading = false));
    results.setAttribute('aria-busy', 'false');
    if (!answer.ok) {
      // A cursor the service refuses (a bookmark kept past a change of its key, another search's, an
      // edited one): the first page of the same filters instead, once; with no cursor left, no retry (D75).
      if (answer.code === 'InvalidRequest' && followed.length > 0) {
        followed.length = 0;
        ctx.replaceAddress(options.address(followed));
        ctx.announce(t.pageNotFound);
        return load(moved, t.pageNotFound);
      }
      const failure = h('p', { class: 'error', role: 'alert', tabindex: '-1' }, refusalWords(ctx, answer.code));
      replaceChildren(results, failure);
      if (moved) failure.focus();
      return;
    }
    const pager = h('nav', { class: 'pager', 'aria-label': options.pagesLabel });
    if (followed.length > 0) {
      pager.append(h('button', { type: 'button', class: 'secondary', onclick: () => move(() => followed.pop()) }, t.previousPage));
    }
    const next = answer.body.nextCursor;
    if (next) pager.append(h('button', { type: 'button', onclick: () => move(() => followed.push(next)) }, t.nextPage));
    const page = followed.length + 1;
    summary.textContent = options.said(answer.body.items.length, page, next !== undefined);
    const drawn = options.draw(answer.body.items, page, [...followed], next !== undefined);
    replaceChildren(results, notice ? h('p', { class: 'notice' }, notice) : null, drawn instanceof HTMLTableElement ? tableRegion(drawn) : drawn, pager.childElementCount > 0 ? pager : null);
    if (moved) drawn.focus();
  };
  void load();
  return { summary, results };
}
