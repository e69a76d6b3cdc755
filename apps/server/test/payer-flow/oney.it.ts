import nock from 'nock';
import type { SessionView } from '@splitpay/domain';
import { API_KEY, PURCHASE_PATH, purchasePathOf, SETTINGS, statusAnswer } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import { providerService } from '../support/provider-service';
import { readSession, type ServiceHarness } from '../support/service-harness';
import { financedOrder } from '../support/session-bodies';
import { oneyAnswers, statusQuery, until, type Seen } from './oney-nock.support';

jest.setTimeout(30_000);

const PLAN = { installments: 3, withFees: false };
const status = (s: SessionView['status']) => (v: SessionView) => v.status === s;

describe('Oney through the whole service (nock playing Oney, its unsigned notifications posted as Oney does)', () => {
  // One merchant: cards on the fake provider, Oney 3x financing at Oney (its settings in the merchants file).
  const service = providerService([
    { method: 'card', provider: 'fake', partialRefunds: true },
    { method: 'oney', provider: 'oney', partialRefunds: true, plans: [{ ...PLAN, feeRate: 0, apr: 0, minAmount: 10_000, maxAmount: 300_000 }], settings: SETTINGS },
  ]);
  const h = service.h;

  /** Oney posts to the server_response_url the purchase gave it (unsigned JSON); we answer 204. */
  async function oneyPosts(serverResponseUrl: string, reference: string, statusCode: string): Promise<number> {
    const body = {
      language_code: 'FR',
      merchant_guid: SETTINGS.merchantGuid,
      oney_request_id: '123456789',
      purchase: { external_reference_type: 'CMDE', external_reference: reference, status_code: statusCode, status_label: statusCode },
    };
    const res = await fetch(serverResponseUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return res.status;
  }

  /** Starts an Oney tranche: the purchase at Oney, the payer sent to its page. */
  async function startOney(page: Awaited<ReturnType<ServiceHarness['openPage']>>['page'], amount: number): Promise<{ reference: string; serverResponseUrl: string; attemptId: string; sent: Seen }> {
    const purchase = oneyAnswers(PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/facilypay/page-1' });
    const started = await page.start({ methodId: 'oney', amount, plan: PLAN });
    expect(started.status).toBe(201);
    const attempt = started.body.view.attempts.find((a) => a.attemptId === started.body.attemptId);
    expect(attempt).toMatchObject({ method: 'oney', status: 'AUTHORIZING', redirect: { kind: 'navigate', url: 'https://oney-staging.example/facilypay/page-1' } });
    const sent = purchase.seen[0]!;
    const reference = String((sent.body.purchase as { external_reference: string }).external_reference);
    return { reference, serverResponseUrl: String((sent.body.navigation as { server_response_url: string }).server_response_url), attemptId: started.body.attemptId!, sent };
  }

  it('finances an order with Oney: AWAITING while the lender studies, a forged FAVORABLE changes nothing, PAID once the status query says FAVORABLE; then a refund goes through', async () => {
    const { page, sessionId } = await h.openPage(financedOrder('oney-real-paid', 30_000));
    const { reference, serverResponseUrl, attemptId, sent } = await startOney(page, 30_000);
    expect(sent.headers['x-oney-authorization']).toBe(API_KEY);
    expect(sent.body).toMatchObject({
      merchant_guid: SETTINGS.merchantGuid,
      psp_guid: SETTINGS.pspGuid,
      payment: { payment_amount: 300, currency_code: 'EUR', business_transaction: { code: SETTINGS.businessTransaction3x } },
      purchase: { purchase_amount: 300, item_list: [expect.objectContaining({ label: 'Sofa', is_main_item: 1, price: 300 })] },
      navigation: { success_url: `${h.url}/elements/return/${attemptId}`, fail_url: `${h.url}/elements/return/${attemptId}?oney=cancel` },
    });
    expect(serverResponseUrl).toBe(`${h.url}/psp/oney/notifications?reference=${reference}`);

    // The file is under study: Oney's hint, confirmed by the status query, puts the session in AWAITING.
    const query = statusQuery(reference);
    query.says(statusAnswer('PENDING', 300, 'WAITING_ONEY'));
    expect(await oneyPosts(serverResponseUrl, reference, 'PENDING')).toBe(204);
    expect(query.calls()).toBe(1);
    expect((await page.waitFor(status('AWAITING'))).status).toBe('AWAITING');

    // A forged notification claims FAVORABLE: the status query still says PENDING, nothing changes.
    expect(await oneyPosts(serverResponseUrl, reference, 'FAVORABLE')).toBe(204);
    expect(query.calls()).toBe(2);
    const still = (await page.view()).body.view;
    expect([still.status, still.attempts[0]?.status]).toEqual(['AWAITING', 'AUTHORIZING']);

    // The lender accepts: the status query says FAVORABLE, the service confirms (captures) the purchase.
    query.says(statusAnswer('FAVORABLE', 300));
    const confirm = oneyAnswers(`${purchasePathOf(reference)}/action/confirm`, 200, { language_code: 'EN', purchase: { status_code: 'FUNDED', status_label: 'Transaction is completed' } });
    expect(await oneyPosts(serverResponseUrl, reference, 'FAVORABLE')).toBe(204);
    const paid = await page.waitFor(status('PAID'));
    expect(paid.status).toBe('PAID');
    expect(paid.attempts[0]).toMatchObject({ method: 'oney', status: 'CAPTURED', granted: { amount: 30_000 } });
    expect(confirm.seen[0]?.body).toEqual({ language_code: 'FR', merchant_request_id: expect.any(String), payment: { payment_amount: 300 } });
    expect(confirm.seen[0]?.body.merchant_request_id).not.toBe(reference);

    // The merchant refunds the financed order: Oney cancels the purchase (after funding, down payment refunded).
    const cancel = oneyAnswers(`${purchasePathOf(reference)}/action/cancel`, 200, { purchase: { status_code: 'CANCELLED', status_label: 'cancelled' } });
    const refundRes = await fetch(`${h.url}/api/attempts/${attemptId}/refund`, { method: 'POST', headers: { Authorization: `Bearer ${await h.clientToken()}` } });
    expect(refundRes.status).toBe(202);
    const [cancelled] = await until(() => (cancel.seen.length > 0 ? cancel.seen : undefined), 'the cancel at Oney');
    expect(cancelled?.body).toEqual({ merchant_request_id: expect.any(String), language_code: 'FR', purchase: { cancellation_reason_code: 0, cancellation_amount: 300, refund_down_payment: true } });
    let refunded = 0;
    for (let i = 0; i < 200 && refunded !== 30_000; i++) {
      const attempts = (await readSession(h, sessionId)).body.attempts as { method: string; refunded: { amount: number } }[];
      refunded = attempts.find((a) => a.method === 'oney')?.refunded.amount ?? 0;
      if (refunded !== 30_000) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refunded).toBe(30_000);

    // The API key never reached a log line or a stored document in clear.
    const stored = service.storedText();
    expect(stored).not.toContain(API_KEY);
    expect(h.logLines.join('\n')).not.toContain(API_KEY);
  });

  it('ends AWAITED_REFUSED when the status query says the lender refused, releasing the card hold', async () => {
    const { page } = await h.openPage(financedOrder('oney-real-refused', 30_000));
    await page.payByCard('card', 10_000);
    await page.waitFor((v) => v.attempts.length > 0 && v.attempts.every((a) => a.status !== 'AUTHORIZING'));
    const { reference, serverResponseUrl } = await startOney(page, 20_000);
    const query = statusQuery(reference);
    query.says(statusAnswer('PENDING', 200, 'WAITING_ONEY'));
    expect(await oneyPosts(serverResponseUrl, reference, 'PENDING')).toBe(204);
    expect((await page.waitFor(status('AWAITING'))).status).toBe('AWAITING');

    query.says(statusAnswer('REFUSED'));
    expect(await oneyPosts(serverResponseUrl, reference, 'REFUSED')).toBe(204);
    const view = await page.waitFor((v) => v.status === 'AWAITED_REFUSED' && v.attempts[0]?.status === 'VOIDED');
    expect(view.attempts.map((a) => [a.method, a.status])).toEqual([
      ['card', 'VOIDED'],
      ['oney', 'DECLINED'],
    ]);
  });

  it('looks the purchase up when no verdict came in time: the status query says the lender studies it, AWAITING', async () => {
    const { page } = await h.openPage(financedOrder('oney-real-overdue', 30_000));
    const { reference } = await startOney(page, 30_000);
    const query = statusQuery(reference);
    query.says(statusAnswer('PENDING', 300, 'WAITING_ONEY'));
    h.clock.advance(120_000);
    await h.runWorkers();
    expect((await page.waitFor(status('AWAITING'))).status).toBe('AWAITING');
    expect(query.calls()).toBeGreaterThanOrEqual(1);
  });
});
