import type { Money } from '../api/api-types';
import { h, replaceChildren } from './dom';
import { FOCUS_KEY } from './focus-place';

/** Marks the control a panel opens on. */
export const FIRST_FOCUS = 'data-first-focus';

/** What a panel's controls depend on in the payment as last drawn. */
export interface PanelStanding {
  /** What its target still lets the contact refund. */
  readonly refundable: Money;
  /** The id of the words saying why refunds are paused, while they are (D121-a). */
  readonly pausedBy?: string;
}

/** An open panel (a refund form, a confirmation) that a redraw of the payment moves into its new drawing. */
export interface Panel {
  readonly element: HTMLElement;
  /**
   * The payment drawn anew: the panel follows `standing`, keeping what the contact typed and did in it.
   * False: the panel no longer says what it would do (a confirmation of an amount no longer the
   * whole), and its button is drawn in its place.
   */
  revise(standing: PanelStanding): boolean;
}

interface Drawn {
  readonly slot: HTMLElement;
  readonly button: HTMLButtonElement;
  /** Set when the target has nothing left to refund: closing the panel leaves no button, focus goes to this heading. */
  readonly spentFocusId?: string;
}

/**
 * The buttons that open a panel in place of themselves (focus on the panel's first-focus control),
 * and the panels open, by a key naming what they act on. A panel outlives the drawing it was opened
 * in: the next drawing of the same key holds it, revised, until it is closed or its gesture is done.
 */
export class PanelOpeners {
  private readonly open = new Map<string, Panel>();
  private drawn = new Map<string, Drawn>();

  /** Whether the panel of `key` is open: its opener is drawn even when nothing remains to refund, to say so. */
  isOpen(key: string): boolean {
    return this.open.has(key);
  }

  /** The panel's gesture is done (or the view drawn without the payment): the next drawing shows its button. */
  forget(key?: string): void {
    if (key === undefined) this.open.clear();
    else this.open.delete(key);
  }

  /** A drawing of the payment starts: openers drawn from here on are the page's. */
  beginDrawing(): void {
    this.drawn = new Map();
  }

  /** The drawing is done: a panel whose opener it did not draw is gone with the old drawing. */
  endDrawing(): void {
    for (const key of [...this.open.keys()]) if (!this.drawn.has(key)) this.open.delete(key);
  }

  /**
   * The slot of `key`: its open panel revised to `standing`, else a button `label` that opens
   * `openPanel`'s panel (disabled while refunds are paused, described by why). `spentFocusId`: the
   * target has nothing left, the slot is drawn only for its open panel.
   */
  opener(key: string, label: string, standing: PanelStanding, openPanel: (close: () => void) => Panel, spentFocusId?: string): HTMLElement {
    const slot = h('div', { class: 'opener', [FOCUS_KEY]: key });
    const button = h('button', { type: 'button', class: 'secondary', disabled: standing.pausedBy !== undefined, 'aria-describedby': standing.pausedBy }, label);
    this.drawn.set(key, { slot, button, ...(spentFocusId === undefined ? {} : { spentFocusId }) });
    button.addEventListener('click', () => {
      if (button.disabled) return;
      const panel = openPanel(() => this.close(key));
      this.open.set(key, panel);
      replaceChildren(slot, panel.element);
      (panel.element.querySelector(`[${FIRST_FOCUS}]`) as HTMLElement | null)?.focus();
    });
    const kept = this.open.get(key);
    if (kept && kept.revise(standing)) slot.append(kept.element);
    else {
      this.open.delete(key);
      slot.append(button);
    }
    return slot;
  }

  private close(key: string): void {
    this.open.delete(key);
    const drawn = this.drawn.get(key);
    if (!drawn) return;
    if (drawn.spentFocusId !== undefined) {
      drawn.slot.replaceChildren();
      document.getElementById(drawn.spentFocusId)?.focus();
      return;
    }
    replaceChildren(drawn.slot, drawn.button);
    drawn.button.focus();
  }
}
