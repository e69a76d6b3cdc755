import { replaceChildrenKeeping, type KeptNode } from './keep-in-place';

/**
 * Replaces the content of `body` (never detaching `kept.node`: see replaceChildrenKeeping) and puts
 * focus where the payer expects it: on `focusId` when given; when the screen changed, on the new
 * screen's heading or the chosen method; otherwise back on the control that had it (same id), caret
 * included, so a routine poll never moves focus.
 */
export function replaceKeepingFocus(root: HTMLElement, body: HTMLElement, next: HTMLElement, focus: { readonly moveFocus: boolean; readonly focusId?: string; readonly screenHeadingId: string }, kept?: KeptNode): void {
  const doc = root.ownerDocument;
  const active = doc.activeElement;
  const keptId = active && root.contains(active) ? active.id : '';
  const typing = active?.tagName === 'INPUT' && (active as HTMLInputElement).type === 'text' ? (active as HTMLInputElement) : undefined;
  const selection = typing ? { start: typing.selectionStart, end: typing.selectionEnd } : undefined;
  replaceChildrenKeeping(body, next, kept);
  body.removeAttribute('aria-busy');
  const byId = (id: string | undefined): HTMLElement | null => (id ? root.querySelector<HTMLElement>(`#${id}`) : null);
  let target = byId(focus.focusId);
  if (!target && focus.moveFocus) target = byId(focus.screenHeadingId) ?? root.querySelector<HTMLElement>('.sp-method__radio:checked');
  if (!target && !focus.moveFocus) target = byId(keptId);
  if (!target) return;
  target.focus();
  if (selection && target.id === keptId && target.tagName === 'INPUT') (target as HTMLInputElement).setSelectionRange(selection.start, selection.end);
}
