import { merchantPage, until } from '../testing/dom.fixture';
import { ancvMethod, cardMethod, oneyMethod, paypalMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { MethodView } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };

/** Whether the form, on `method` alone, tells the payer they will continue on the PSP's page. */
async function noticeOn(method: MethodView): Promise<boolean> {
  const page = merchantPage('en');
  const { fetch } = scriptedFetch([pendingView({ methods: [method], attempts: [] })]);
  const handle = mount(page.container, { ...base, fetch });
  await until(() => page.doc.querySelector('.sp-pay') !== null);
  const said = [...page.doc.querySelectorAll('.sp-hint')].some((hint) => page.text(hint).startsWith('You will continue on the'));
  handle.unmount();
  return said;
}

/**
 * The redirect notice goes by the method's kind: every kind continues on its PSP's page but the card
 * (a bank's check, when there is one, is not announced) and Apple Pay (its sheet opens in the page).
 */
describe('mount: the form says the payer will continue on the PSP page', () => {
  for (const method of [paypalMethod, { method: 'wero', id: 'wero', eligible: true } as MethodView, ancvMethod, oneyMethod]) {
    it(`${method.method}: yes`, async () => {
      expect(await noticeOn(method)).toBe(true);
    });
  }

  it('card: no', async () => {
    expect(await noticeOn(cardMethod)).toBe(false);
  });
});
