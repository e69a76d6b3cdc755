import { merchantPage, until } from '../testing/dom.fixture';
import { ancvMethod, attempt, cardMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { AttemptViewEntry, SessionView } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** Vouchers took 30.00 of the 120.00 asked, a sale nothing can hand back (the view does not say it released). */
const kept: AttemptViewEntry = attempt({ method: 'ancv', methodId: 'ancv', status: 'CAPTURED', operation: 'payment', abandonable: false, requested: eur(12_000), granted: eur(3_000), partialAuth: 'chosen' });

/** The heading and the live regions' words after the page showed `from`, then polled `to` (the payer's cancel). */
async function endedText(locale: 'en' | 'fr', from: SessionView, to: SessionView): Promise<{ heading: string; said: string }> {
  const page = merchantPage(locale);
  const { fetch } = scriptedFetch([from, to]);
  const handle = mount(page.container, { ...base, fetch, locale });
  await until(() => page.doc.querySelector('.sp-screen-heading, .sp-ledger') !== null);
  await jest.advanceTimersByTimeAsync(base.poll.maxMs);
  await until(() => page.doc.querySelector('.sp-panel--ended') !== null);
  await jest.advanceTimersByTimeAsync(1_000);
  const heading = page.text(page.doc.querySelector('.sp-panel--ended .sp-screen-heading')!);
  const said = page.role('status').concat(page.role('alert')).map((r) => page.text(r)).join(' | ');
  handle.unmount();
  return { heading, said };
}

describe('mount: an unpaid ending that kept money says how much, never "Nothing was taken" (D147-a)', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  const open = pendingView({ methods: [ancvMethod, cardMethod], remaining: eur(9_000), attempts: [kept] });
  // The service, once it decided to hand the sale back and nothing can, says what stays taken (D149-c).
  const aborted = pendingView({ status: 'ABORTED', methods: [ancvMethod, cardMethod], remaining: eur(9_000), attempts: [{ ...kept, kept: eur(3_000) }] });

  it('in English: ended, €30.00 taken and not handed back, heading and alert', async () => {
    const { heading, said } = await endedText('en', open, aborted);
    expect(heading).toBe('The payment ended. €30.00 was taken and cannot be handed back: contact the merchant.');
    expect(said).toContain('€30.00 was taken and cannot be handed back');
    expect(said).not.toContain('Nothing was taken');
  });

  it('in French', async () => {
    const { heading } = await endedText('fr', open, aborted);
    expect(heading).toContain('Le paiement est terminé.');
    expect(heading).toContain('30,00');
    expect(heading).toContain('a été débité et ne peut être rendu : contactez le marchand.');
    expect(heading).not.toContain('Rien n’a été débité');
  });

  it('says what the view says is kept, not the grant: a sale partly refunded before its refund failed (D149-c)', async () => {
    const partly = pendingView({ status: 'ABORTED', methods: [ancvMethod, cardMethod], remaining: eur(9_000), attempts: [{ ...kept, kept: eur(1_800) }] });
    const { heading, said } = await endedText('en', open, partly);
    expect(heading).toBe('The payment ended. €18.00 was taken and cannot be handed back: contact the merchant.');
    expect(said).not.toContain('€30.00');
  });

  it('the ledger row of money kept says so, with what is kept, never "paid" (D149-b)', async () => {
    for (const [locale, words] of [['en', 'taken, cannot be handed back'], ['fr', 'débité, ne peut être rendu']] as const) {
      const page = merchantPage(locale);
      const partly = pendingView({ status: 'ABORTED', methods: [ancvMethod, cardMethod], remaining: eur(9_000), attempts: [{ ...kept, kept: eur(1_800) }] });
      const { fetch } = scriptedFetch([partly]);
      const handle = mount(page.container, { ...base, fetch, locale });
      await until(() => page.doc.querySelector('.sp-ledger__row') !== null);
      const row = page.doc.querySelector('.sp-ledger__row')!;
      expect(page.text(row.querySelector('.sp-chip'))).toBe(words);
      expect(page.text(row.querySelector('.sp-ledger__amount'))).toMatch(/18[.,]00/);
      handle.unmount();
    }
  });

  it('a payment being handed back (released) still says nothing was taken', async () => {
    const released = { ...kept, released: true as const };
    const { heading } = await endedText('en', pendingView({ attempts: [released] }), pendingView({ status: 'ABORTED', attempts: [released] }));
    expect(heading).toBe('The payment was cancelled. Nothing was taken.');
  });
});
