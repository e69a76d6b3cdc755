import { merchantPage, until } from '../testing/dom.fixture';
import { ancvMethod, attempt, cardMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { AttemptViewEntry } from '../types/session-view';
import { mount } from './mount';
import type { SplitPayOptions } from './mount-options';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const eur = (amount: number) => ({ amount, currency: 'EUR' });

const held = attempt({ attemptId: '0190a0a0-0000-7000-8000-000000000001', status: 'AUTHORIZED', granted: eur(4_000), requested: eur(4_000) });
const paid = attempt({ attemptId: '0190a0a0-0000-7000-8000-000000000002', method: 'ancv', methodId: 'ancv', status: 'CAPTURED', operation: 'payment', abandonable: false, requested: eur(3_333), granted: eur(3_333) });

/** The confirmation the page asks after "Cancel payment", on a pending payment with these tranches. */
async function confirmation(locale: 'en' | 'fr', attempts: AttemptViewEntry[], messages?: SplitPayOptions['messages']): Promise<string> {
  const page = merchantPage(locale);
  const { fetch } = scriptedFetch([pendingView({ methods: [ancvMethod, cardMethod], remaining: eur(12_000 - attempts.reduce((s, a) => s + a.granted.amount, 0)), attempts })]);
  const handle = mount(page.container, { ...base, fetch, locale, ...(messages ? { messages } : {}) });
  await until(() => page.doc.querySelector('.sp-abandon button') !== null);
  page.button(locale === 'en' ? 'Cancel payment' : 'Annuler le paiement').click();
  await until(() => page.doc.querySelector('.sp-abandon--confirm') !== null);
  const asked = page.text(page.doc.querySelector('.sp-abandon--confirm p'));
  handle.unmount();
  return asked;
}

describe('mount: the cancel-payment confirmation says what becomes of money paid, not only held', () => {
  it('a hold alone: held amounts are released', async () => {
    await expect(confirmation('en', [held])).resolves.toBe('Cancel the whole payment? Amounts held will be released.');
    await expect(confirmation('fr', [held])).resolves.toBe('Annuler tout le paiement ? Les montants réservés seront libérés.');
  });

  it('money paid (an ANCV sale, CAPTURED): paid amounts are refunded, nothing said of holds', async () => {
    await expect(confirmation('en', [paid])).resolves.toBe('Cancel the whole payment? Amounts paid will be refunded.');
    await expect(confirmation('fr', [paid])).resolves.toBe('Annuler tout le paiement ? Les montants payés seront remboursés.');
  });

  it('both paid and held: paid amounts refunded, held ones released', async () => {
    await expect(confirmation('en', [held, paid])).resolves.toBe('Cancel the whole payment? Amounts paid will be refunded, amounts held released.');
    await expect(confirmation('fr', [held, paid])).resolves.toBe('Annuler tout le paiement ? Les montants payés seront remboursés, les montants réservés libérés.');
  });

  it('money paid that nothing can refund (an ANCV 5403 sale, nonRefundable in the view): no refund promised, it stays paid (D161-a)', async () => {
    const kept = { ...paid, nonRefundable: true as const };
    await expect(confirmation('en', [kept])).resolves.toBe('Cancel the whole payment? Amounts held will be released. Amounts paid with Chèques-Vacances (ANCV) cannot be refunded.');
    await expect(confirmation('fr', [kept])).resolves.toBe('Annuler tout le paiement ? Les montants réservés seront libérés. Les montants payés par Chèques-Vacances (ANCV) ne sont pas remboursables.');
    const card = attempt({ attemptId: '0190a0a0-0000-7000-8000-000000000003', status: 'CAPTURED', requested: eur(2_000), granted: eur(2_000) });
    await expect(confirmation('en', [held, card, kept])).resolves.toBe('Cancel the whole payment? Amounts paid will be refunded, amounts held released. Amounts paid with Chèques-Vacances (ANCV) cannot be refunded.');
    await expect(confirmation('en', [kept], { cancelPaymentConfirm: 'Cancel everything?' })).resolves.toBe('Cancel everything?');
  });

  it("a merchant's plain-text sentence (written before the paid case) is said as written", async () => {
    await expect(confirmation('en', [held, paid], { cancelPaymentConfirm: 'Cancel everything?' })).resolves.toBe('Cancel everything?');
  });
});
