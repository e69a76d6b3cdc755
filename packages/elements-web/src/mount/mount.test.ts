import { merchantPage, until } from '../testing/dom.fixture';
import { ancvMethod, attempt, cardMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { HostedFieldsAdapter } from '../flows/hosted-fields';
import type { MethodView } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const hostedCard = { ...cardMethod, integration: 'acquirer-hosted' as const, hostedFields: { keyId: 'k1', key: 'pk', sdkUrl: 'https://acquirer.example/hosted-fields.js' } };

/** A merchant page whose acquirer's adapter is already registered; `tokenize` answers what the test says. */
function pageWithHostedFields(lang: string, tokenize: () => Promise<string>) {
  const page = merchantPage(lang);
  const adapter: HostedFieldsAdapter = {
    mount: (container) => {
      container.append(page.doc.createElement('iframe'));
      return { tokenize, destroy: () => undefined };
    },
  };
  (page.dom.window as unknown as Window).SplitPayHostedFields = adapter;
  return page;
}

/** A card entry without partial authorization: the service refuses a lower grant the issuer imposes. */
const cardWithoutPartialAuth = (label: string): MethodView => ({ method: 'card', id: 'card', eligible: true, schemes: ['visa', 'mastercard'], integration: 'fake', label });

const invalidCardDetails = () => Object.assign(new Error('the card details are incomplete or invalid'), { code: 'invalid-card-details' });

describe('mount: rendering the view', () => {
  it('has both live regions from the first render, before any view arrived', () => {
    const page = merchantPage();
    const handle = mount(page.container, { ...base, fetch: () => new Promise<Response>(() => undefined) });
    expect(page.role('status')).toHaveLength(1);
    expect(page.role('status')[0]?.getAttribute('aria-live')).toBe('polite');
    expect(page.role('alert')).toHaveLength(1);
    handle.unmount();
  });

  it('shows every method in order, ineligible ones disabled with why, the remaining balance and the tranches with their actions', async () => {
    const page = merchantPage();
    const view = pendingView({
      remaining: { amount: 8000, currency: 'EUR' },
      methods: [cardMethod, { ...ancvMethod, eligible: false }, { method: 'paypal', id: 'paypal', eligible: true, mustSettleRemaining: true }],
      attempts: [attempt({ status: 'AUTHORIZED', cardScheme: 'visa' })],
    });
    const { fetch } = scriptedFetch([view]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    expect(page.text(page.doc.querySelector('.sp-remaining'))).toBe('Remaining to pay: €80.00 of €120.00');
    const radios = Array.from(page.doc.querySelectorAll<HTMLInputElement>('input[type=radio]'));
    expect(radios.map((r) => page.text(page.doc.querySelector(`label[for="${r.id}"]`)))).toEqual(['Card', 'Chèques-Vacances (ANCV)', 'PayPal']);
    expect(radios.map((r) => r.disabled)).toEqual([false, true, false]);
    const ancvHint = page.doc.getElementById(radios[1]?.getAttribute('aria-describedby') ?? '');
    expect(page.text(ancvHint)).toBe('Not available for this amount · From €10.00 to €50.00');
    expect(page.text(page.doc.getElementById(radios[2]?.getAttribute('aria-describedby') ?? ''))).toBe('Pays the whole remaining amount');
    expect(page.button('Remove the €40.00 Card payment')).toBeDefined();
    expect(page.text(page.doc.querySelector('.sp-ledger__method'))).toBe('Card (Visa)');
    expect(page.byLabel('Amount to pay with this method').value).toBe('80.00');
    expect(page.byLabel('Card number').getAttribute('autocomplete')).toBe('cc-number');
    handle.unmount();
  });

  it.each([
    ['en', 'Not available for this order'],
    ['fr', 'Indisponible pour cette commande'],
  ])('says an entry the amount does not explain (PayPal without returnUrl) is not available for this order, not for this amount (%s)', async (lang, said) => {
    const page = merchantPage(lang);
    const { fetch } = scriptedFetch([pendingView({ methods: [cardMethod, { method: 'paypal', id: 'paypal', eligible: false }] })]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.doc.querySelectorAll('input[type=radio]').length === 2);
    const paypal = page.doc.querySelectorAll<HTMLInputElement>('input[type=radio]')[1]!;
    expect(paypal.disabled).toBe(true);
    expect(page.text(page.doc.getElementById(paypal.getAttribute('aria-describedby') ?? ''))).toBe(said);
    handle.unmount();
  });

  it('never sets a style attribute, adds a style or script element, or parses HTML', async () => {
    const page = merchantPage();
    const win = page.dom.window as unknown as typeof globalThis;
    let htmlSinks = 0;
    for (const proto of [win.Element.prototype]) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, 'innerHTML') as PropertyDescriptor;
      Object.defineProperty(proto, 'innerHTML', { ...descriptor, set(value: string) { htmlSinks += 1; descriptor.set?.call(this, value); } });
    }
    const original = win.Element.prototype.insertAdjacentHTML;
    win.Element.prototype.insertAdjacentHTML = function (this: Element, ...args: [InsertPosition, string]) {
      htmlSinks += 1;
      return original.apply(this, args);
    };
    const views = [
      pendingView({ attempts: [attempt({ status: 'DECLINED', declineCategory: 'expired' })], terms: [{ label: 'CGV', url: 'https://shop.example/cgv' }] }),
      pendingView({ attempts: [attempt({ granted: { amount: 2000, currency: 'EUR' }, partialAuth: 'mandated', awaitingPartialDecision: true })] }),
      pendingView({ attempts: [attempt({ status: 'AUTHORIZING', redirect: { kind: 'navigate', url: 'https://psp.example' } })] }),
      pendingView({ status: 'AWAITING' }),
      pendingView({ status: 'PAID', remaining: { amount: 0, currency: 'EUR' } }),
    ];
    for (const view of views) {
      const { fetch } = scriptedFetch([view]);
      const handle = mount(page.container, { ...base, fetch });
      await until(() => page.text(page.container).includes('Your order'));
      expect(page.container.querySelectorAll('[style], style, script')).toHaveLength(0);
      handle.unmount();
    }
    expect(htmlSinks).toBe(0);
  });
});

describe('mount: the payer acts', () => {
  it('starts a card tranche with what was typed, then announces the hold and clears the card fields', async () => {
    const page = merchantPage();
    const started = pendingView({ attempts: [attempt({ status: 'AUTHORIZING' })] });
    const held = pendingView({ remaining: { amount: 8000, currency: 'EUR' }, attempts: [attempt({ status: 'AUTHORIZED' })] });
    const { fetch, calls } = scriptedFetch([pendingView(), { status: 201, body: { attemptId: 'a1', view: started } }, held]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    page.type(page.byLabel('Amount to pay with this method'), '40');
    expect(page.button('Pay €40.00 with Card')).toBeDefined();
    expect(page.text(page.doc.querySelector('.sp-amount__preview'))).toBe('After this payment, €80.00 will remain');
    page.type(page.byLabel('Card number'), '4111 1111 1111 1111');
    page.type(page.byLabel('Expiry date'), '12/30');
    page.type(page.byLabel('Security code'), '123');
    page.button('Pay €40.00 with Card').click();
    await until(() => calls.length === 2);
    expect(calls[1]?.body).toEqual({ methodId: 'card', amount: 4000, input: { method: 'card', cardNumber: '4111111111111111', expiry: '12/30', cvc: '123' } });
    await until(() => page.text(page.container).includes('Confirming your payment…'));
    await handle.refresh();
    await until(() => page.text(page.role('status')[0]) === '€40.00 held on Card; €80.00 remaining.');
    expect(page.byLabel('Card number').value).toBe('');
    handle.unmount();
  });

  it('shows a refusal on the amount field, marked invalid and focused, and announces it', async () => {
    const page = merchantPage();
    const { fetch } = scriptedFetch([pendingView(), { status: 422, body: { code: 'AmountOutOfRange', message: 'x' } }]);
    const errors: string[] = [];
    const handle = mount(page.container, { ...base, fetch, onError: (e) => errors.push(e.code) });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    page.check(page.doc.querySelector<HTMLInputElement>('input[value="paypal"]') as HTMLInputElement);
    page.button('Pay €120.00 with PayPal').click();
    await until(() => errors.length === 1);
    const amount = page.byLabel('Amount to pay with this method');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(page.text(page.doc.getElementById(`${amount.id}-error`))).toBe('This amount is outside what the method accepts.');
    expect(page.doc.activeElement).toBe(amount);
    expect(page.text(page.role('alert')[0])).toBe('This amount is outside what the method accepts.');
    expect(errors).toEqual(['AmountOutOfRange']);
    handle.unmount();
  });

  it('shows the rate limit of a start (429 TooManyRequests) above the form, keeping what the payer typed', async () => {
    const page = merchantPage();
    const { fetch, calls } = scriptedFetch([pendingView(), { status: 429, body: { code: 'TooManyRequests', message: 'x' }, headers: { 'Retry-After': '540' } }]);
    const errors: { code: string; retryable: boolean }[] = [];
    const handle = mount(page.container, { ...base, fetch, onError: (e) => errors.push({ code: e.code, retryable: e.retryable }) });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    page.type(page.byLabel('Card number'), '4111 1111 1111 1111');
    page.type(page.byLabel('Expiry date'), '12/30');
    page.type(page.byLabel('Security code'), '123');
    page.button('Pay €120.00 with Card').click();
    await until(() => errors.length === 1);
    expect(calls).toHaveLength(2);
    expect(page.text(page.role('alert')[0])).toBe('Too many tries; wait a moment and try again.');
    expect(page.byLabel('Card number').value).toBe('4111 1111 1111 1111');
    expect(page.button('Pay €120.00 with Card')).toBeDefined();
    expect(errors).toEqual([{ code: 'TooManyRequests', retryable: true }]);
    handle.unmount();
  });

  it('checks the form before calling: empty card fields are marked and nothing is sent', async () => {
    const page = merchantPage();
    const { fetch, calls } = scriptedFetch([pendingView()]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    page.button('Pay €120.00 with Card').click();
    expect(calls).toHaveLength(1);
    expect(page.byLabel('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(page.doc.activeElement).toBe(page.byLabel('Card number'));
    handle.unmount();
  });

  it('fires onEnd once, however many views of the ending arrive, and stops polling', async () => {
    const page = merchantPage();
    const paid = pendingView({ status: 'PAID', remaining: { amount: 0, currency: 'EUR' } });
    const { fetch } = scriptedFetch([pendingView(), paid]);
    const ends: string[] = [];
    const handle = mount(page.container, { ...base, fetch, onEnd: (e) => ends.push(e.status) });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    await handle.refresh();
    await handle.refresh();
    await handle.refresh();
    expect(ends).toEqual(['PAID']);
    expect(page.text(page.doc.querySelector('h3'))).toBe('Payment complete. Thank you!');
    handle.unmount();
  });

  it('replaces the form with the expired-link screen on InvalidElementsToken', async () => {
    const page = merchantPage();
    const { fetch } = scriptedFetch([{ status: 401, body: { code: 'InvalidElementsToken', message: 'x' } }]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.text(page.container).includes('This payment link has expired.'));
    expect(page.doc.querySelectorAll('button')).toHaveLength(0);
    handle.unmount();
  });

  it('a lower grant the service refused is neither held nor paid: it says the bank granted less, the hold is being released, the rest can be paid another way', async () => {
    const page = merchantPage();
    const noPartial = cardWithoutPartialAuth('Card');
    const started = pendingView({ methods: [noPartial], attempts: [attempt({ status: 'AUTHORIZING', granted: { amount: 0, currency: 'EUR' } })] });
    const lowered = { status: 'AUTHORIZED' as const, granted: { amount: 2500, currency: 'EUR' }, partialAuth: 'mandated' as const, awaitingPartialDecision: false, released: true as const };
    const refused = pendingView({ methods: [noPartial], attempts: [attempt(lowered)] });
    const voided = pendingView({ methods: [noPartial], attempts: [attempt({ ...lowered, status: 'VOIDED' })] });
    const { fetch } = scriptedFetch([started, refused, voided]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.text(page.container).includes('Confirming your payment…'));
    await handle.refresh();
    await until(() => page.text(page.role('alert')[0]).length > 0);
    expect(page.text(page.role('alert')[0])).toBe(
      'Your bank approved only €25.00 of the €40.00 requested on Card. The payment service cannot accept a lower amount, so this hold is being released. Pay the €120.00 remaining another way.',
    );
    expect(page.text(page.role('status')[0])).not.toContain('held on');
    const row = page.doc.querySelector('.sp-ledger__row');
    expect(page.text(row?.querySelector('.sp-chip') ?? null)).toBe('being released');
    expect(row?.querySelector('button')).toBeNull();
    expect(page.text(page.doc.querySelector('.sp-remaining'))).toBe('Remaining to pay: €120.00 of €120.00');
    await handle.refresh();
    await until(() => page.doc.querySelector('.sp-ledger__row') === null);
    expect(page.text(page.role('status')[0])).not.toContain('held on');
    handle.unmount();
  });

  it('says a refused lower grant in French on a French page', async () => {
    const page = merchantPage('fr');
    const noPartial = cardWithoutPartialAuth('Carte');
    const started = pendingView({ methods: [noPartial], attempts: [attempt({ status: 'AUTHORIZING', granted: { amount: 0, currency: 'EUR' } })] });
    const refused = pendingView({ methods: [noPartial], attempts: [attempt({ granted: { amount: 2500, currency: 'EUR' }, partialAuth: 'mandated', awaitingPartialDecision: false, released: true })] });
    const { fetch } = scriptedFetch([started, refused]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.text(page.container).includes('Confirmation de votre paiement…'));
    await handle.refresh();
    await until(() => page.text(page.role('alert')[0]).length > 0);
    expect(page.text(page.role('alert')[0])).toBe(
      'Votre banque n’a accepté que 25,00 € sur les 40,00 € demandés sur Carte. Le service de paiement ne peut pas accepter un montant inférieur : cette réservation est en cours de libération. Payez les 120,00 € restants autrement.',
    );
    handle.unmount();
  });

  it('speaks French when the page is French', async () => {
    const page = merchantPage('fr');
    const { fetch } = scriptedFetch([pendingView()]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.text(page.container).includes('Reste à payer'));
    expect(page.text(page.doc.querySelector('.sp-remaining'))).toBe('Reste à payer : 120,00 € sur 120,00 €');
    expect(page.button('Payer 120,00 € avec Carte')).toBeDefined();
    handle.unmount();
  });
});

describe('mount: lifecycle and acquirer-hosted cards', () => {
  it("back from a PSP's page before its verdict arrived, the form resumes the payer's choice once the attempt shows cancelled", async () => {
    const redirected = (status: 'AUTHORIZING' | 'CANCELLED') =>
      pendingView({ attempts: [attempt({ method: 'paypal', methodId: 'paypal', status, requested: { amount: 3000, currency: 'EUR' }, granted: { amount: 0, currency: 'EUR' } })] });
    const checkedLabel = (page: ReturnType<typeof merchantPage>) => page.text(page.doc.querySelector(`label[for="${page.doc.querySelector<HTMLInputElement>('input[type=radio]:checked')?.id ?? ''}"]`));
    const hasButton = (page: ReturnType<typeof merchantPage>, name: string) => Array.from(page.doc.querySelectorAll('button')).some((b) => page.text(b) === name);

    // The test's clock: the poll bringing the verdict runs when the test says, never while the first view is checked.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const page = merchantPage();
      const { fetch, calls } = scriptedFetch([redirected('AUTHORIZING'), redirected('CANCELLED')]);
      const handle = mount(page.container, { ...base, fetch });
      await until(() => calls.length === 1 && page.text(page.container).includes('Remaining to pay'));
      expect(hasButton(page, 'Pay €30.00 with PayPal')).toBe(false);
      await jest.advanceTimersByTimeAsync(base.poll.idleMs);
      await until(() => hasButton(page, 'Pay €30.00 with PayPal'));
      expect(calls).toHaveLength(2);
      expect(checkedLabel(page)).toBe('PayPal');
      expect(page.byLabel('Amount to pay with this method').value).toBe('30.00');
      handle.unmount();
    } finally {
      jest.useRealTimers();
    }
  });

  it('loads the acquirer SDK only for an acquirer-hosted card that names it', async () => {
    const page = merchantPage();
    const hosted = { ...cardMethod, integration: 'acquirer-hosted' as const, hostedFields: { keyId: 'k1', key: 'pk', sdkUrl: 'https://acquirer.example/hosted-fields.js' } };
    const first = mount(page.container, { ...base, fetch: scriptedFetch([pendingView()]).fetch });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    expect(page.doc.querySelectorAll('script')).toHaveLength(0);
    first.unmount();
    const second = mount(page.container, { ...base, fetch: scriptedFetch([pendingView({ methods: [hosted] })]).fetch });
    await until(() => page.doc.querySelectorAll('script').length === 1);
    expect(page.doc.querySelector('script')?.getAttribute('src')).toBe('https://acquirer.example/hosted-fields.js');
    expect(page.doc.querySelector('input[autocomplete="cc-number"]')).toBeNull();
    second.unmount();
  });

  it("asks the payer to check the card when the acquirer's fields reject its details (code invalid-card-details): on the card group, focused, announced; nothing started or reported", async () => {
    let answer: () => Promise<string> = () => Promise.reject(invalidCardDetails());
    const page = pageWithHostedFields('en', () => answer());
    const started = pendingView({ methods: [hostedCard], attempts: [attempt({ status: 'AUTHORIZING' })] });
    const { fetch, calls } = scriptedFetch([pendingView({ methods: [hostedCard] }), { status: 201, body: { attemptId: 'a1', view: started } }]);
    const errors: string[] = [];
    const handle = mount(page.container, { ...base, fetch, onError: (e) => errors.push(e.code) });
    await until(() => page.container.querySelector('iframe') !== null);
    page.button('Pay €120.00 with Card').click();
    await until(() => page.text(page.role('alert')[0]) !== '');

    const message = 'Check your card details: some are missing or not valid.';
    const group = page.doc.querySelector('fieldset.sp-card') as HTMLElement;
    expect(page.text(page.doc.getElementById(group.getAttribute('aria-describedby') ?? ''))).toBe(message);
    expect(page.text(page.role('alert')[0])).toBe(message);
    expect(page.doc.activeElement).toBe(group);
    expect(group.contains(page.container.querySelector('iframe'))).toBe(true);
    expect(page.text(page.container)).not.toContain('Something went wrong');
    expect(calls).toHaveLength(1);
    expect(errors).toEqual([]);
    expect(page.button('Pay €120.00 with Card').disabled).toBe(false);

    // Corrected, the card pays: the message goes, the attempt starts with the token.
    answer = () => Promise.resolve('tok_1');
    page.button('Pay €120.00 with Card').click();
    await until(() => calls.length === 2);
    expect(calls[1]?.body).toEqual({ methodId: 'card', amount: 12_000, input: { method: 'card', token: 'tok_1' } });
    expect(page.container.querySelector('.sp-field__error')).toBeNull();
    handle.unmount();
  });

  it('says it in French on a French page', async () => {
    const page = pageWithHostedFields('fr', () => Promise.reject(invalidCardDetails()));
    const { fetch, calls } = scriptedFetch([pendingView({ methods: [hostedCard] })]);
    const handle = mount(page.container, { ...base, fetch });
    await until(() => page.container.querySelector('iframe') !== null);
    page.button('Payer 120,00 € avec Carte').click();
    await until(() => page.text(page.role('alert')[0]) !== '');
    expect(page.text(page.role('alert')[0])).toBe('Vérifiez les données de votre carte : certaines manquent ou ne sont pas valides.');
    expect(page.text(page.doc.querySelector('.sp-card .sp-field__error'))).toBe('Vérifiez les données de votre carte : certaines manquent ou ne sont pas valides.');
    expect(calls).toHaveLength(1);
    handle.unmount();
  });

  it('any other rejection of tokenize says the card form could not be loaded (LoadError), not to check the card; nothing started', async () => {
    const page = pageWithHostedFields('en', () => Promise.reject(new Error('Adyen Web failed to load from https://cdn.example/adyen.js')));
    const { fetch, calls } = scriptedFetch([pendingView({ methods: [hostedCard] })]);
    const errors: { code: string; message: string }[] = [];
    const handle = mount(page.container, { ...base, fetch, onError: (e) => errors.push({ code: e.code, message: e.message }) });
    await until(() => page.container.querySelector('iframe') !== null);
    page.button('Pay €120.00 with Card').click();
    await until(() => errors.length === 1);
    expect(errors).toEqual([{ code: 'LoadError', message: 'Adyen Web failed to load from https://cdn.example/adyen.js' }]);
    expect(page.text(page.role('alert')[0])).toBe('A part of the payment form could not be loaded.');
    expect(page.text(page.container.querySelector('.sp-notice--danger'))).toBe('A part of the payment form could not be loaded.');
    expect(page.container.querySelector('.sp-card .sp-field__error')).toBeNull();
    expect(page.doc.querySelector('fieldset.sp-card')?.hasAttribute('aria-describedby')).toBe(false);
    expect(calls).toHaveLength(1);
    handle.unmount();
  });

  it('mounting twice on one element keeps one checkout; unmount removes it and can be called twice', async () => {
    const page = merchantPage();
    const a = mount(page.container, { ...base, fetch: scriptedFetch([pendingView()]).fetch });
    const b = mount(page.container, { ...base, fetch: scriptedFetch([pendingView()]).fetch });
    await until(() => page.text(page.container).includes('Remaining to pay'));
    expect(page.container.querySelectorAll('.sp-root')).toHaveLength(1);
    b.unmount();
    b.unmount();
    a.unmount();
    expect(page.container.children).toHaveLength(0);
  });
});
