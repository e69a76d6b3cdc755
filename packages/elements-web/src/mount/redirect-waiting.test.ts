import { merchantPage, until } from '../testing/dom.fixture';
import { attempt, cardMethod, oneyMethod, paypalMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { MethodView } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** The screen's panel once the page shows an attempt on `method` still waiting on its PSP's page. */
async function waitingOn(method: MethodView, locale: 'en' | 'fr' = 'en') {
  const page = merchantPage(locale);
  const waiting = attempt({ method: method.method, methodId: method.id, status: 'AUTHORIZING', requested: eur(12_000), granted: eur(0), redirect: { kind: 'navigate', url: 'https://psp.example/approve' } });
  const { fetch } = scriptedFetch([pendingView({ methods: [method], attempts: [waiting] })]);
  const handle = mount(page.container, { ...base, fetch, locale });
  await until(() => page.doc.querySelector('.sp-screen-heading') !== null);
  const panel = page.doc.querySelector('.sp-screen-heading')?.closest('section') as HTMLElement;
  const found = { heading: page.text(panel.querySelector('h3')), busy: panel.getAttribute('aria-busy'), spinner: panel.querySelector('.sp-spinner') !== null, button: page.text(panel.querySelector('button')) };
  handle.unmount();
  return found;
}

/**
 * Back from PayPal or Oney before doing anything there (or a reload): nothing is being confirmed, the
 * payment waits for the payer on the PSP's page. The page says so, with no spinner and not busy, and
 * offers to continue there.
 */
describe('mount: an attempt waiting for the payer on its PSP page', () => {
  it('PayPal: "Finish your payment on the PayPal page", no spinner, not busy', async () => {
    expect(await waitingOn(paypalMethod)).toEqual({ heading: 'Finish your payment on the PayPal page', busy: null, spinner: false, button: 'Continue with PayPal' });
  });

  it('Oney, in French', async () => {
    expect(await waitingOn(oneyMethod, 'fr')).toEqual({ heading: 'Terminez votre paiement sur la page Paiement en plusieurs fois Oney', busy: null, spinner: false, button: 'Continuer avec Paiement en plusieurs fois Oney' });
  });

  /**
   * A card's redirect is its bank's 3-D Secure check (demo card 4000000000003220), not a page of a
   * method called "Card": the panel sends the payer back to the bank's check.
   */
  it("a card on its 3-D Secure page: its bank asks to confirm, not a Card page", async () => {
    expect(await waitingOn(cardMethod)).toEqual({ heading: 'Your bank asks you to confirm this payment', busy: null, spinner: false, button: 'Continue with your bank' });
  });

  it('a card, in French', async () => {
    expect(await waitingOn(cardMethod, 'fr')).toEqual({ heading: 'Votre banque vous demande de confirmer ce paiement', busy: null, spinner: false, button: 'Continuer avec votre banque' });
  });
});
