import { h } from '../dom/h';

/**
 * The two live regions, present from the first render and never removed (screen readers miss a region
 * created together with its message): one polite status, one alert.
 */
export class Announcer {
  readonly status: HTMLElement;
  readonly alert: HTMLElement;

  constructor(doc: Document) {
    this.status = h(doc, 'div', { className: 'sp-sr-only', attrs: { role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' } });
    this.alert = h(doc, 'div', { className: 'sp-sr-only', attrs: { role: 'alert', 'aria-atomic': 'true' } });
  }

  say(text: string): void {
    this.status.textContent = text;
  }

  warn(text: string): void {
    this.alert.textContent = text;
  }
}
