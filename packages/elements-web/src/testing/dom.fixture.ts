import { JSDOM } from 'jsdom';

/** A merchant page in jsdom with one empty container, and lookups by label, role and name. */
export function merchantPage(lang = 'en') {
  const dom = new JSDOM(`<!doctype html><html lang="${lang}"><body><div id="checkout"></div></body></html>`, { url: 'https://shop.example/checkout', pretendToBeVisual: true });
  const doc = dom.window.document as unknown as Document;
  const container = doc.getElementById('checkout') as HTMLElement;
  const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');
  return {
    dom,
    doc,
    container,
    text,
    /** The control a visible label names. */
    byLabel<T extends HTMLElement = HTMLInputElement>(label: string): T {
      const found = Array.from(doc.querySelectorAll('label')).find((l) => text(l) === label);
      const control = found ? doc.getElementById(found.htmlFor) : null;
      if (!control) throw new Error(`no control labelled ${JSON.stringify(label)}`);
      return control as T;
    },
    /** A button by its accessible name (aria-label, else text). */
    button(name: string): HTMLButtonElement {
      const found = Array.from(doc.querySelectorAll('button')).find((b) => (b.getAttribute('aria-label') ?? text(b)) === name);
      if (!found) throw new Error(`no button named ${JSON.stringify(name)}; buttons: ${Array.from(doc.querySelectorAll('button')).map((b) => b.getAttribute('aria-label') ?? text(b)).join(' | ')}`);
      return found;
    },
    role(role: string): HTMLElement[] {
      return Array.from(doc.querySelectorAll(`[role="${role}"]`));
    },
    type(input: HTMLInputElement, value: string): void {
      input.value = value;
      input.dispatchEvent(new dom.window.Event('input', { bubbles: true }));
    },
    check(input: HTMLInputElement): void {
      input.checked = true;
      input.dispatchEvent(new dom.window.Event('change', { bubbles: true }));
    },
  };
}

/** Lets pending answers and renders run until `done` holds (a bounded number of turns, no clock). */
export async function until(done: () => boolean, turns = 200): Promise<void> {
  for (let i = 0; i < turns && !done(); i += 1) await new Promise((resolve) => setImmediate(resolve));
  if (!done()) throw new Error('condition never held');
}

/** Lets answers given run through the page (a bounded number of turns, no clock): what they draw is drawn by then. */
export async function settled(turns = 50): Promise<void> {
  for (let i = 0; i < turns; i += 1) await new Promise((resolve) => setImmediate(resolve));
}
