import { replaceChildrenKeeping, type KeptNode } from './keep-in-place';

/**
 * Replaces the content of `body` (never detaching `kept._node`: see replaceChildrenKeeping) and puts
 * focus where the payer expects it: on `focusId` when given; when the screen changed, on the new
 * screen's heading or the chosen method; otherwise back on the control that had it (same id), caret
 * included, so a routine poll never moves focus.
 */
export function replaceKeepingFocus(root: HTMLElement, body: HTMLElement, next: HTMLElement, moveFocus: boolean, focusId: string | undefined, screenHeadingId: string, kept?: KeptNode): void {
  const active = root.ownerDocument.activeElement;
  const keptId = focusedIdIn(root);
  const typing = active?.tagName === 'INPUT' && (active as HTMLInputElement).type === 'text' ? (active as HTMLInputElement) : undefined;
  const selection = typing ? { start: typing.selectionStart, end: typing.selectionEnd } : undefined;
  replaceChildrenKeeping(body, next, kept);
  body.removeAttribute('aria-busy');
  const byId = (id: string | undefined): HTMLElement | null => (id ? root.querySelector<HTMLElement>(`#${id}`) : null);
  let target = byId(focusId);
  if (!target && moveFocus) target = byId(screenHeadingId) ?? root.querySelector<HTMLElement>('.sp-method__radio:checked');
  if (!target && !moveFocus) target = byId(keptId);
  if (!target) return;
  target.focus();
  if (selection && target.id === keptId && target.tagName === 'INPUT') (target as HTMLInputElement).setSelectionRange(selection.start, selection.end);
}

/** The id of the control in `root` that has focus ('' when focus is elsewhere or the control has none). */
export function focusedIdIn(root: HTMLElement): string {
  const active = root.ownerDocument.activeElement;
  return active && active !== root && root.contains(active) ? active.id : '';
}

/**
 * After an action: the control pressed was disabled while its request ran (focus fell to the page's
 * body) or is gone. Focus goes back to it when it is there and usable again (Pay, Keep, Stop, after a
 * failure), else to the chosen method, else to the screen's heading: the next thing to read (D50).
 * Focus the payer put elsewhere is left alone.
 */
export function refocusAfterAction(root: HTMLElement, pressedId: string): void {
  const doc = root.ownerDocument;
  const active = doc.activeElement;
  if (active && active !== doc.body && active !== doc.documentElement) return;
  const usable = (el: HTMLElement | null): el is HTMLElement => el !== null && !(el as HTMLButtonElement).disabled && !el.closest('[inert]');
  const pressed = pressedId ? root.querySelector<HTMLElement>(`#${pressedId}`) : null;
  const target = [pressed, root.querySelector<HTMLElement>('.sp-method__radio:checked'), root.querySelector<HTMLElement>('.sp-screen-heading')].find(usable);
  target?.focus();
}
