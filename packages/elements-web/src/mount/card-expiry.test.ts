import { merchantPage, until } from '../testing/dom.fixture';
import { attempt, pendingView, scriptedFetch } from '../testing/view.fixture';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };

/** The fake provider's card form on a new page, its fields typed (`expiry` as the payer wrote it), Pay pressed. */
async function payWithExpiry(expiry: string, answers: Parameters<typeof scriptedFetch>[0], lang = 'en') {
  const page = merchantPage(lang);
  const { fetch, calls } = scriptedFetch(answers);
  const errors: string[] = [];
  const handle = mount(page.container, { ...base, fetch, onError: (e) => errors.push(e.code) });
  await until(() => /Remaining to pay|Reste à payer/.test(page.text(page.container)));
  page.type(page.byLabel(lang === 'fr' ? 'Numéro de carte' : 'Card number'), '4111 1111 1111 1111');
  page.type(page.byLabel(lang === 'fr' ? 'Date d’expiration' : 'Expiry date'), expiry);
  page.type(page.byLabel(lang === 'fr' ? 'Cryptogramme' : 'Security code'), '123');
  (page.doc.querySelector('.sp-pay') as HTMLButtonElement).click();
  return { page, calls, errors, handle };
}

describe('mount: the fake card form reads the expiry as payers write it (D83)', () => {
  for (const typed of ['1230', '12/30', '12 / 30', '12/2030', ' 12 / 2030 ']) {
    it(`sends ${JSON.stringify(typed)} as 12/30`, async () => {
      const started = pendingView({ attempts: [attempt({ status: 'AUTHORIZING' })] });
      const { calls, handle } = await payWithExpiry(typed, [pendingView(), { status: 201, body: { attemptId: 'a1', view: started } }]);
      await until(() => calls.length === 2);
      expect(calls[1]?.body).toMatchObject({ input: { method: 'card', expiry: '12/30' } });
      handle.unmount();
    });
  }

  for (const typed of ['13/30', '00/30', '1/30', '12/3', '123', '12/1930', '12-30', 'december']) {
    it(`marks the Expiry field for ${JSON.stringify(typed)}, focused and announced, and sends nothing`, async () => {
      const { page, calls, handle } = await payWithExpiry(typed, [pendingView()]);
      const field = page.byLabel('Expiry date');
      expect(calls).toHaveLength(1);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(page.text(page.doc.getElementById(`${field.id}-error`))).toBe('Use MM/YY, for example 04/28.');
      expect(page.doc.activeElement).toBe(field);
      expect(page.text(page.role('alert')[0])).toBe('Use MM/YY, for example 04/28.');
      expect(page.text(page.role('status')[0])).not.toContain('Processing');
      handle.unmount();
    });
  }

  it('says it in French on a French page', async () => {
    const { page, calls, handle } = await payWithExpiry('12-2030', [pendingView()], 'fr');
    const field = page.byLabel('Date d’expiration');
    expect(calls).toHaveLength(1);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(page.text(page.doc.getElementById(`${field.id}-error`))).toBe('Utilisez MM/AA, par exemple 04/28.');
    handle.unmount();
  });
});

describe('mount: the status region stops saying "Processing your payment…" once Pay is answered (D83)', () => {
  it('after a start the service refused', async () => {
    const { page, errors, handle } = await payWithExpiry('12/30', [pendingView(), { status: 400, body: { code: 'InvalidRequest', message: 'x' } }]);
    await until(() => errors.length === 1);
    expect(page.text(page.role('alert')[0])).toBe('The details sent were not accepted. Check them and try again.');
    expect(page.text(page.role('status')[0])).toBe('');
    handle.unmount();
  });

  it('after a start whose card was declined at once', async () => {
    const declined = pendingView({ attempts: [attempt({ status: 'DECLINED', declineCategory: 'bank-refusal' })] });
    const { page, handle } = await payWithExpiry('12/30', [pendingView(), { status: 201, body: { attemptId: 'a1', view: declined } }]);
    await until(() => page.text(page.role('alert')[0]).includes('was declined'));
    expect(page.text(page.role('status')[0])).not.toContain('Processing');
    handle.unmount();
  });
});
