import { h } from '../dom/h';

/**
 * The two live regions, present from the first render and never removed (screen readers miss a region
 * created together with its message): one polite status, one alert.
 */
export class Announcer {
  readonly _status: HTMLElement;
  readonly _alert: HTMLElement;

  constructor(doc: Document) {
    this._status = h(doc, 'div', { _className: 'sp-sr-only', _attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
    this._alert = h(doc, 'div', { _className: 'sp-sr-only', _attrs: { role: 'alert', 'aria-atomic': 'true' } });
  }

  _say(text: string): void {
    say(this._status, text);
  }

  _warn(text: string): void {
    say(this._alert, text);
  }

  /** Empties the status region if it still says `text` (no longer true); emptying it says nothing. */
  _hush(text: string): void {
    unsay(this._status, text);
  }

  /** Empties the alert region if it still says `text` (no longer true); emptying it says nothing. */
  _withdraw(text: string): void {
    unsay(this._alert, text);
  }
}

/**
 * The same message twice in a row would leave the region's text as it was, and screen readers say a
 * live region only when its text changes: the repeat carries a trailing no-break space (or loses it).
 */
function say(region: HTMLElement, text: string): void {
  region.textContent = region.textContent === text ? `${text}\u00A0` : text;
}

function unsay(region: HTMLElement, text: string): void {
  if (region.textContent === text || region.textContent === `${text}\u00A0`) region.textContent = '';
}
