import { merchantPage, until } from '../testing/dom.fixture';
import { attempt, paypalMethod, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { AttemptViewEntry, SessionStatus } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };
const eur = (amount: number) => ({ amount, currency: 'EUR' });
const paypal = (status: AttemptViewEntry['status']) => attempt({ method: 'paypal', methodId: 'paypal', status, requested: eur(12_000), granted: eur(status === 'AUTHORIZED' ? 12_000 : 0) });
const ended = (status: SessionStatus, a: AttemptViewEntry) => pendingView({ status, methods: [paypalMethod], attempts: [a] });

/**
 * A session that ends unpaid (cancelled, expired) while a tranche is still in flight or held: the
 * service hands that tranche back. Its row says so (never "in progress" beside "Nothing was taken"),
 * and the page keeps reading the view, at the slow rate, until the tranche settles.
 */
describe('mount: a tranche still in flight when the session ends unpaid', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  for (const [status, heading] of [
    ['EXPIRED', 'The payment expired'],
    ['ABORTED', 'The payment was cancelled'],
  ] as const) {
    it(`${status}: the row says "being released", and the page polls until the attempt settles`, async () => {
      const page = merchantPage();
      const { fetch, calls } = scriptedFetch([ended(status, paypal('AUTHORIZING')), ended(status, paypal('AUTHORIZED')), ended(status, paypal('CANCELLED'))]);
      const handle = mount(page.container, { ...base, fetch });
      await until(() => page.text(page.container).includes(heading));
      expect(page.text(page.container)).toContain('Nothing was taken');
      expect(page.text(page.doc.querySelector('.sp-ledger__row') as Element)).toContain('being released');
      expect(page.text(page.container)).not.toContain('in progress');

      await jest.advanceTimersByTimeAsync(base.poll.idleMs);
      await until(() => calls.length === 2);
      expect(page.text(page.doc.querySelector('.sp-ledger__row') as Element)).toContain('being released');
      // Held at the PSP after the end: handed back, never said held to screen readers.
      expect(page.role('status').concat(page.role('alert')).map((r) => page.text(r)).join(' | ')).not.toMatch(/held|remaining/);

      await jest.advanceTimersByTimeAsync(base.poll.idleMs);
      await until(() => page.doc.querySelector('.sp-ledger__row') === null);
      expect(page.text(page.container)).toContain('Your PayPal payment of €120.00 was cancelled');

      // Settled: nothing is on its way any more, so no more reads.
      await jest.advanceTimersByTimeAsync(base.poll.idleMs * 3);
      expect(calls).toHaveLength(3);
      handle.unmount();
    });
  }

  it('French: the row says "en cours de libération"', async () => {
    const page = merchantPage('fr');
    const { fetch } = scriptedFetch([ended('EXPIRED', paypal('AUTHORIZING'))]);
    const handle = mount(page.container, { ...base, fetch, locale: 'fr' });
    await until(() => page.text(page.container).includes('Le paiement a expiré'));
    expect(page.text(page.doc.querySelector('.sp-ledger__row') as Element)).toContain('en cours de libération');
    handle.unmount();
  });
});
