import { newWatchedPage, settle, signedIn, trancheFact, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';
import { usePaidDemoSession } from '../support/paid-demo-session';
import { readSession } from '../support/service-harness';

jest.setTimeout(120_000);

/**
 * The whole payment's confirmation says an amount; the page sends that amount, so a refund made from
 * the merchant API after the page was read makes the service refuse, never refund something else
 * than what the contact confirmed (D121-b). The refusal is said, and the figures read again.
 */
describe("dashboard in Chromium: the whole payment's refund of the amount confirmed", () => {
  const demo = useDemoDashboard();
  const paid = usePaidDemoSession(demo, 'whole');
  const refunds = async (): Promise<string[]> => (await paid.refunds()).map((r) => `${r.amount} ${r.status}`);

  /** The merchant's server refunds `amount` of the tranche, as the merchant API allows. */
  const refundFromTheApi = async (amount: number): Promise<void> => {
    const session = (await readSession(demo.service(), paid.sessionId, DEMO)).body as { attempts: { attemptId: string }[] };
    const res = await fetch(`${demo.service().url}/api/attempts/${session.attempts[0]!.attemptId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await demo.service().clientToken(DEMO)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount }),
    });
    expect(res.status).toBe(202);
  };

  it('refuses to refund what the contact did not confirm after another refund, says so, and shows what remains', async () => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    await page.getByRole('button', { name: 'Refund the whole payment' }).click();
    const confirmation = page.getByRole('group', { name: 'Refund the whole payment' });
    expect(await confirmation.textContent()).toContain('€50.00');

    // While the confirmation is open, the merchant's server refunds €20.00, and its verdict lands.
    await refundFromTheApi(2_000);
    expect(await settle(refunds, (list) => list.every((r) => !r.endsWith('pending')))).toEqual(['2000 succeeded']);

    await page.getByRole('button', { name: 'Yes, refund €50.00' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Nothing was refunded. The amount is more than what remains refundable.' }));
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await visible(tranche.getByRole('rowheader', { name: 'refund', exact: true }));
    expect(await trancheFact(tranche, 'Refunded')).toBe('€20.00');
    expect(await trancheFact(tranche, 'Refundable')).toBe('€30.00');
    expect(await refunds()).toEqual(['2000 succeeded']);

    // Read again, the confirmation offers what remains, and refunds it.
    await page.getByRole('button', { name: 'Refund the whole payment' }).click();
    expect(await confirmation.textContent()).toContain('€30.00');
    await page.getByRole('button', { name: 'Yes, refund €30.00' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €30.00 requested' }));
    expect((await refunds()).map((r) => r.split(' ')[0])).toEqual(['2000', '3000']);
    // The one refused answer is the refusal the test caused.
    expect(problems).toEqual([`422 POST /api/sessions/${paid.sessionId}/refund`]);
    await page.context().close();
  });
});
