import { PURCHASE_PATH, SETTINGS, statusAnswer } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import { navigate } from '../support/elements-client';
import { providerService } from '../support/provider-service';
import { readSession } from '../support/service-harness';
import { financedOrder } from '../support/session-bodies';
import { oneyAnswers, statusQuery } from './oney-nock.support';

jest.setTimeout(30_000);
const PLAN = { installments: 3, withFees: false };

type Read = { status: string; attempts: { status: string; declineCategory?: string; transactions: { type: string; status: { kind: string } }[] }[] };

/** How an Oney file ends when neither we nor the lender's yes end it: the payer's own sub-statuses, the payer's abandon, Oney's cancel. */
describe('Oney: the payer at Oney, the payer backing out, a file Oney cancels (nock playing Oney)', () => {
  const service = providerService([
    { method: 'card', provider: 'fake', partialRefunds: true },
    { method: 'oney', provider: 'oney', partialRefunds: true, plans: [{ ...PLAN, feeRate: 0, apr: 0, minAmount: 10_000, maxAmount: 300_000 }], settings: SETTINGS },
  ]);
  const h = service.h;

  async function oneyPosts(url: string, reference: string, statusCode: string): Promise<number> {
    const body = { language_code: 'FR', merchant_guid: SETTINGS.merchantGuid, purchase: { external_reference_type: 'CMDE', external_reference: reference, status_code: statusCode } };
    return (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
  }

  async function started(orderId: string, extra: Record<string, unknown> = {}) {
    const { page, sessionId } = await h.openPage(financedOrder(orderId, 30_000, extra));
    const purchase = oneyAnswers(PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/facilypay/page-1' });
    const start = await page.start({ methodId: 'oney', amount: 30_000, plan: PLAN });
    expect(start.status).toBe(201);
    const sent = purchase.seen[0]!;
    const reference = String((sent.body.purchase as { external_reference: string }).external_reference);
    const navigation = sent.body.navigation as { server_response_url: string; success_url: string; fail_url: string };
    return { page, sessionId, reference, navigation, query: statusQuery(reference) };
  }

  it('Oney cancels a file it was studying (no cancel of ours in flight): the attempt is DECLINED and the session AWAITED_REFUSED at once, not after the 7-day bound', async () => {
    const { page, sessionId, reference, navigation, query } = await started('oney-cancelled-study', { methods: [{ method: 'oney' }] });
    query.says(statusAnswer('PENDING', 300, 'WAITING_ONEY'));
    expect(await oneyPosts(navigation.server_response_url, reference, 'PENDING')).toBe(204);
    await page.waitFor((v) => v.status === 'AWAITING');
    query.says(statusAnswer('CANCELLED'));
    expect(await oneyPosts(navigation.server_response_url, reference, 'CANCELLED')).toBe(204);

    const session = (await readSession(h, sessionId)).body as Read;
    expect(session.status).toBe('AWAITED_REFUSED');
    expect(session.attempts[0]!.status).toBe('DECLINED');
    expect(session.attempts[0]!.declineCategory).toBeUndefined();
  });

  it("the payer still on Oney's form (WAITING_CUSTOMER_KYC, PRE_ACCEPTED) is not the lender studying: the session stays PENDING under its own ttl; ABORTED is the payer backing out (CANCELLED), not a lender refusal", async () => {
    const { page, sessionId, query } = await started('oney-kyc-abandon');
    query.says(statusAnswer('PENDING', 300, 'WAITING_CUSTOMER_KYC'));
    h.clock.advance(120_000);
    await h.runWorkers();
    expect((await page.view()).body.view.status).toBe('PENDING');
    query.says(statusAnswer('PENDING', 300, 'PRE_ACCEPTED'));
    h.clock.advance(120_000);
    await h.runWorkers();
    const waiting = (await page.view()).body.view;
    expect(waiting.status).toBe('PENDING');
    expect(waiting.attempts[0]!.status).toBe('AUTHORIZING');

    // the payer closed the tab on Oney's form; Oney times the file out
    query.says(statusAnswer('ABORTED'));
    for (let i = 0; i < 8; i++) {
      h.clock.advance(3_600_000);
      await h.runWorkers();
    }
    const session = (await readSession(h, sessionId)).body as Read;
    expect(session.attempts[0]!.status).toBe('CANCELLED');
    expect(session.status).toBe('EXPIRED');
  });

  it("the payer backs out at Oney: Oney's fail_url is our return door marked as the payer's cancel; the payer lands on the cancelUrl and the attempt is CANCELLED", async () => {
    const { page, navigation, query } = await started('oney-abandon-return', { cancelUrl: 'https://shop.example/cancelled' });
    expect(navigation.fail_url).not.toBe(navigation.success_url);
    // Oney has not timed the file out yet: it still waits for the payer's form.
    query.says(statusAnswer('PENDING', 300, 'WAITING_CUSTOMER_KYC'));
    const back = await navigate(navigation.fail_url);
    expect(back.headers.get('location')).toBe('https://shop.example/cancelled');
    const view = (await page.view()).body.view;
    expect(view.attempts[0]!.status).toBe('CANCELLED');
    expect(view.status).toBe('PENDING');
  });

  it('the payer comes back through the success_url: sent on to the returnUrl, the verdict still out-of-band', async () => {
    const { page, navigation, query } = await started('oney-success-return', { cancelUrl: 'https://shop.example/cancelled' });
    query.says(statusAnswer('PENDING', 300, 'WAITING_ONEY'));
    const back = await navigate(navigation.success_url);
    expect(back.headers.get('location')).toBe('https://shop.example/back');
    expect((await page.view()).body.view.attempts[0]!.status).toBe('AUTHORIZING');
  });
});
