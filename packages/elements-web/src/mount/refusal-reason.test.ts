import { merchantPage, until } from '../testing/dom.fixture';
import { ancvMethod, attempt, cardMethod, oneyMethod, paypalMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { MethodView, SessionStatus } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** The page's text once it shows a refusal (bank-refusal, every PSP's plain "refused") of `method` in a session in `status`. */
async function refusedOn(method: MethodView, locale: 'en' | 'fr', status: SessionStatus = 'PENDING'): Promise<string> {
  const page = merchantPage(locale);
  const declined = attempt({ method: method.method, methodId: method.id, status: 'DECLINED', declineCategory: 'bank-refusal', requested: eur(12_000), granted: eur(0) });
  const { fetch } = scriptedFetch([pendingView({ status, methods: [method], attempts: [declined] })]);
  const handle = mount(page.container, { ...base, fetch, locale });
  await until(() => page.doc.querySelector('.sp-subheading') !== null);
  const text = page.text(page.container);
  handle.unmount();
  return text;
}

/** A refusal is blamed on who refused: the card's bank, PayPal, the lender (never "your bank" for those). */
describe('mount: the reason a refusal gives names who refused', () => {
  it('a card: the bank', async () => {
    expect(await refusedOn(cardMethod, 'en')).toContain('was declined: your bank refused it.');
    expect(await refusedOn(cardMethod, 'fr')).toContain('a été refusé : votre banque l’a refusé.');
  });

  it('PayPal: PayPal', async () => {
    const en = await refusedOn(paypalMethod, 'en');
    expect(en).toContain('Your PayPal payment of €120.00 was declined: PayPal refused it.');
    expect(en).not.toContain('your bank');
    const fr = await refusedOn(paypalMethod, 'fr');
    expect(fr).toContain('a été refusé : PayPal l’a refusé.');
    expect(fr).not.toContain('votre banque');
  });

  it('Wero: Wero (the payer approves or not in the Wero app; Worldline says only that it was refused)', async () => {
    const wero: MethodView = { method: 'wero', id: 'wero', eligible: true };
    const en = await refusedOn(wero, 'en');
    expect(en).toContain('Your Wero payment of €120.00 was declined: Wero refused it.');
    expect(en).not.toContain('your bank');
    const fr = await refusedOn(wero, 'fr');
    expect(fr).toContain('a été refusé : Wero l’a refusé.');
    expect(fr).not.toContain('votre banque');
  });

  it('ANCV: the voucher issuer, ANCV', async () => {
    const en = await refusedOn(ancvMethod, 'en');
    expect(en).toContain('was declined: ANCV refused it.');
    expect(en).not.toContain('your bank');
    const fr = await refusedOn(ancvMethod, 'fr');
    expect(fr).toContain('a été refusé : l’ANCV l’a refusé.');
    expect(fr).not.toContain('votre banque');
  });

  it('Oney: the lender, in a session still open', async () => {
    const en = await refusedOn(oneyMethod, 'en');
    expect(en).toContain('was declined: the lender refused the financing.');
    expect(en).not.toContain('your bank');
    expect(await refusedOn(oneyMethod, 'fr')).toContain('a été refusé : le prêteur a refusé le financement.');
  });

  it('Oney, the session ended by the refusal (AWAITED_REFUSED): said once, by the heading', async () => {
    const en = await refusedOn(oneyMethod, 'en', 'AWAITED_REFUSED');
    expect(en).toContain('The lender refused the financing. Nothing was taken.');
    expect(en).not.toContain('declined');
    const fr = await refusedOn(oneyMethod, 'fr', 'AWAITED_REFUSED');
    expect(fr).toContain('Le prêteur a refusé le financement. Rien n’a été débité.');
    expect(fr).not.toContain('refusé :');
  });
});
