/** Names a control that a redraw draws anew, so focus can find it again in the new drawing. */
export const FOCUS_KEY = 'data-focus-key';

/**
 * Where focus was inside a part of the page: the control's id (a control moved into the new drawing,
 * an open panel's, keeps it), its stable name, and its section's heading.
 */
export interface FocusPlace {
  readonly id?: string;
  readonly key?: string;
  readonly headingId?: string;
}

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]';

/** Focus inside `root`, by names that outlive a redraw; undefined when focus is elsewhere. */
export function focusPlace(root: HTMLElement): FocusPlace | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === root || !root.contains(active)) return undefined;
  const id = active.id || undefined;
  const key = active.closest(`[${FOCUS_KEY}]`)?.getAttribute(FOCUS_KEY) || id;
  const headingId = active.closest('[aria-labelledby]:is(article, section)')?.getAttribute('aria-labelledby') ?? undefined;
  return { ...(id ? { id } : {}), ...(key ? { key } : {}), ...(headingId ? { headingId } : {}) };
}

function tookFocus(element: Element | null | undefined): boolean {
  if (!(element instanceof HTMLElement)) return false;
  element.focus();
  return document.activeElement === element;
}

/**
 * Puts focus back where `place` was once `root` is drawn anew: on the same control, else (gone, or
 * disabled now) on its section's heading, else on `fallbackId`. Focus never drops to the body.
 */
export function restoreFocus(root: HTMLElement, place: FocusPlace, fallbackId: string): void {
  if (place.id !== undefined && tookFocus(root.querySelector(`[id="${CSS.escape(place.id)}"]`))) return;
  if (place.key !== undefined) {
    const keyed = root.querySelector(`[id="${CSS.escape(place.key)}"], [${FOCUS_KEY}="${CSS.escape(place.key)}"]`);
    // A keyed slot (a panel's opener) takes focus on what it holds now.
    if (tookFocus(keyed) || tookFocus(keyed?.querySelector(FOCUSABLE))) return;
  }
  if (place.headingId !== undefined && tookFocus(document.getElementById(place.headingId))) return;
  tookFocus(document.getElementById(fallbackId));
}
