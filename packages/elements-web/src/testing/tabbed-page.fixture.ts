import { merchantPage } from './dom.fixture';

/** A payer's page whose tab can be left and come back to: `visibilityState` as the test sets it. */
export function tabbedPage() {
  const page = merchantPage();
  let state: DocumentVisibilityState = 'visible';
  Object.defineProperty(page.doc, 'visibilityState', { configurable: true, get: () => state });
  const show = (next: DocumentVisibilityState): void => {
    state = next;
    page.doc.dispatchEvent(new page.dom.window.Event('visibilitychange'));
  };
  return { ...page, leave: () => show('hidden'), comeBack: () => show('visible') };
}
