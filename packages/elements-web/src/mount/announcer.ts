import { h } from '../dom/h';

/**
 * The two live regions, present from the first render and never removed (screen readers miss a region
 * created together with its message): one polite status, one alert.
 */
export class Announcer {
  readonly status: HTMLElement;
  readonly alert: HTMLElement;

  constructor(doc: Document) {
    this.status = h(doc, 'div', { _className: 'sp-sr-only', _attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
    this.alert = h(doc, 'div', { _className: 'sp-sr-only', _attrs: { role: 'alert', 'aria-atomic': 'true' } });
  }

  _say(text: string): void {
    this.status.textContent = changed(this.status, text);
  }

  _warn(text: string): void {
    this.alert.textContent = changed(this.alert, text);
  }

  /** Empties the status region if it still says `text` (no longer true); emptying it says nothing. */
  _hush(text: string): void {
    if (this.status.textContent === text || this.status.textContent === `${text}\u00A0`) this.status.textContent = '';
  }

  /** Empties the alert region if it still says `text` (no longer true); emptying it says nothing. */
  _withdraw(text: string): void {
    if (this.alert.textContent === text || this.alert.textContent === `${text}\u00A0`) this.alert.textContent = '';
  }
}

/**
 * The same message twice in a row would leave the region's text as it was, and screen readers say a
 * live region only when its text changes: the repeat carries a trailing no-break space (or loses it).
 */
function changed(region: HTMLElement, text: string): string {
  return region.textContent === text ? `${text}\u00A0` : text;
}
