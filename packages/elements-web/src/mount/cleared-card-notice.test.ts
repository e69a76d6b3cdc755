import { merchantPage, until } from '../testing/dom.fixture';
import { ancvMethod, attempt, pendingView, scriptedFetch } from '../testing/view.fixture';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const declinedCard = attempt({ status: 'DECLINED', declineCategory: 'bank-refusal', granted: { amount: 0, currency: 'EUR' } });
const noticeOf = (page: ReturnType<typeof merchantPage>) => page.text(page.doc.querySelector('.sp-ledger .sp-notice'));

/** The fake provider's card form typed and paid; the start answers the card declined at once. */
async function typedCardDeclined(lang: 'en' | 'fr') {
  const page = merchantPage(lang);
  const { fetch } = scriptedFetch([pendingView(), { status: 201, body: { attemptId: declinedCard.attemptId, view: pendingView({ attempts: [declinedCard] }) } }]);
  const handle = mount(page.container, { ...base, fetch });
  await until(() => /Remaining to pay|Reste à payer/.test(page.text(page.container)));
  page.type(page.byLabel(lang === 'fr' ? 'Numéro de carte' : 'Card number'), '4000 0000 0000 0002');
  page.type(page.byLabel(lang === 'fr' ? 'Date d’expiration' : 'Expiry date'), '12/30');
  page.type(page.byLabel(lang === 'fr' ? 'Cryptogramme' : 'Security code'), '123');
  (page.doc.querySelector('.sp-pay') as HTMLButtonElement).click();
  await until(() => noticeOf(page) !== '');
  return { page, handle };
}

describe('mount: a refusal says the card details it emptied must be typed again (D27, D83)', () => {
  it('in English, after a typed card was declined', async () => {
    const { page, handle } = await typedCardDeclined('en');
    expect(noticeOf(page)).toBe('Your Card payment of €40.00 was declined: your bank refused it. Your card details were cleared: type them again to retry.');
    expect(page.byLabel('Card number').value).toBe('');
    handle.unmount();
  });

  it('in French', async () => {
    const { page, handle } = await typedCardDeclined('fr');
    expect(noticeOf(page)).toBe('Votre paiement Carte de 40,00 € a été refusé : votre banque l’a refusé. Les données de votre carte ont été effacées : saisissez-les à nouveau pour réessayer.');
    handle.unmount();
  });

  it('not when no card field was emptied: a refusal already there when the page opened, or one of a method without card fields', async () => {
    const page = merchantPage('en');
    const { fetch } = scriptedFetch([pendingView({ attempts: [declinedCard] })]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => noticeOf(page) !== '');
    expect(noticeOf(page)).toBe('Your Card payment of €40.00 was declined: your bank refused it.');
    handle.unmount();

    const vouchers = merchantPage('en');
    const declinedVouchers = attempt({ method: 'ancv', methodId: 'ancv', status: 'DECLINED', declineCategory: 'bank-refusal', requested: { amount: 2000, currency: 'EUR' }, granted: { amount: 0, currency: 'EUR' } });
    const answers = scriptedFetch([pendingView({ methods: [ancvMethod] }), { status: 201, body: { attemptId: declinedVouchers.attemptId, view: pendingView({ methods: [ancvMethod], attempts: [declinedVouchers] }) } }]);
    const second = mount(vouchers.container, { ...base, fetch: answers.fetch });
    await until(() => vouchers.text(vouchers.container).includes('Remaining to pay'));
    vouchers.type(vouchers.byLabel('Amount to pay with this method'), '20.00');
    (vouchers.doc.querySelector('.sp-pay') as HTMLButtonElement).click();
    await until(() => noticeOf(vouchers) !== '');
    expect(noticeOf(vouchers)).toBe('Your Chèques-Vacances (ANCV) payment of €20.00 was declined: ANCV refused it.');
    second.unmount();
  });
});
