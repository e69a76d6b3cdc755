import type { SplitPayError } from '../client/split-pay-error';
import { mount } from '../mount/mount';
import type { PollTuning } from '../poll/poll-schedule';
import type { SessionView } from '../types/session-view';
import { merchantPage, until } from './dom.fixture';
import { heldFetch } from './held-fetch.fixture';

/**
 * Mount options whose polls leave only when the test's clock says (15 s apart: a start held across a
 * poll is still within its deadline, PAYMENT_REQUEST_WITHIN_MS).
 */
export const heldPollOptions = { elementsToken: 'pst_unit', baseUrl: 'https://pay.example', poll: { minMs: 15_000, maxMs: 15_000, idleMs: 15_000 } };

/** The payer's page on `firstView`, a card typed and Pay pressed: the start is sent and held. */
export async function payerPressedPay(firstView: SessionView, options: { onChange?: (view: SessionView) => void; onEnd?: (event: { status: string }) => void; onError?: (error: SplitPayError) => void; poll?: PollTuning } = {}) {
  const page = merchantPage();
  const server = heldFetch();
  const handle = mount(page.container, { ...heldPollOptions, ...options, fetch: server.fetch });
  server.request(0).answer({ view: firstView });
  await until(() => page.text(page.container).includes('Remaining to pay'));
  page.type(page.byLabel('Amount to pay with this method'), '40');
  page.type(page.byLabel('Card number'), '4111 1111 1111 1111');
  page.type(page.byLabel('Expiry date'), '12/30');
  page.type(page.byLabel('Security code'), '123');
  page.button('Pay €40.00 with Card').click();
  await until(() => server.requests.length === 2);
  expect(server.request(1)).toMatchObject({ method: 'POST', path: '/elements/session/attempts' });
  return { page, server, handle };
}

/** The poll due next leaves now (the schedule's delay passes on jest's fake clock). */
export async function pollLeaves(): Promise<void> {
  await jest.advanceTimersByTimeAsync(heldPollOptions.poll.idleMs);
}
