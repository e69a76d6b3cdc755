import { merchantPage, until } from '../testing/dom.fixture';
import { pendingView, scriptedFetch } from '../testing/view.fixture';
import { mount } from './mount';

const base = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 60_000, maxMs: 60_000, idleMs: 60_000 } };

// Before the 24-hour cap on ttlMs (docs/decisions.md D105) a session could be stored with an expiresAt
// past JavaScript's last date (8.64e15): Intl threw on it and the page never drew the order.
it('mount: draws an open order whose expiresAt is past any date, its deadline shown as a dash', async () => {
  const page = merchantPage();
  const errors: unknown[] = [];
  const { fetch } = scriptedFetch([pendingView({ expiresAt: 9_008_995_064_026_574 })]);
  const handle = mount(page.container, { ...base, fetch, onError: (e: unknown) => errors.push(e) } as never);
  await until(() => page.text(page.container).includes('Remaining to pay') || errors.length > 0).catch(() => undefined);
  const text = page.text(page.container);
  handle.unmount();
  expect({ errors: errors.map(String), remaining: text.includes('Remaining to pay: €120.00 of €120.00') }).toEqual({ errors: [], remaining: true });
  expect(text).toContain('Complete the payment by -.');
});
