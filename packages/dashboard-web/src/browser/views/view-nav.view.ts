import type { Translator } from '../i18n/i18n';
import { h } from './dom';

/** The lists the dashboard has, each with its own address. */
export type ListView = 'payments' | 'operations';

/** Links to the two lists; the one shown is marked current (none on a payment's page). */
export function viewLinks(tr: Translator, current: ListView | undefined): HTMLUListElement {
  const link = (view: ListView, label: string): HTMLElement =>
    h('li', {}, h('a', { href: `#/${view}`, 'aria-current': view === current ? 'page' : undefined }, label));
  return h('ul', {}, link('payments', tr.t.paymentsTitle), link('operations', tr.t.operationsTitle));
}
