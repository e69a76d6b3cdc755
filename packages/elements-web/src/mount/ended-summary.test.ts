import { merchantPage, until } from '../testing/dom.fixture';
import { attempt, pendingView, scriptedFetch } from '../testing/view.fixture';
import type { SessionStatus } from '../types/session-view';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };

/** The order summary's lines once the page shows a view in `status` (the €120.00 order, `remaining` left). */
async function summaryAt(status: SessionStatus, remaining: number, heading: string) {
  const page = merchantPage();
  const { fetch } = scriptedFetch([pendingView({ status, remaining: { amount: remaining, currency: 'EUR' }, attempts: remaining === 0 ? [attempt({ status: 'CAPTURED', granted: { amount: 12_000, currency: 'EUR' }, requested: { amount: 12_000, currency: 'EUR' } })] : [] })]);
  const handle = mount(page.container, { ...base, fetch });
  await until(() => page.text(page.container).includes(heading));
  const summary = Array.from(page.doc.querySelectorAll('.sp-summary p')).map((p) => page.text(p));
  handle.unmount();
  return summary;
}

describe('mount: the order summary says what remains only while something can be paid (D83)', () => {
  it('open (PENDING): the remaining balance and the deadline', async () => {
    const summary = await summaryAt('PENDING', 12_000, 'Remaining to pay');
    expect(summary).toContain('Remaining to pay: €120.00 of €120.00');
  });

  it('paid (PAID): nothing left to pay, said', async () => {
    const summary = await summaryAt('PAID', 0, 'Payment complete. Thank you!');
    expect(summary).toContain('Remaining to pay: €0.00 of €120.00');
  });

  for (const [status, heading] of [
    ['EXPIRED', 'The payment expired. Nothing was taken.'],
    ['ABORTED', 'The payment was cancelled. Nothing was taken.'],
    ['AWAITED_REFUSED', 'The lender refused the financing. Nothing was taken.'],
  ] as const) {
    it(`ended without payment (${status}): the total, and no "remaining"`, async () => {
      const summary = await summaryAt(status, 12_000, heading);
      expect(summary.join(' | ')).not.toContain('Remaining');
      expect(summary).toContain('Total €120.00');
    });
  }

  for (const status of ['ABORTING', 'EXPIRING'] as const) {
    it(`ending (${status}): no "remaining" either`, async () => {
      const summary = await summaryAt(status, 12_000, 'Total');
      expect(summary.join(' | ')).not.toContain('Remaining');
    });
  }
});
