import type { SessionView } from '@splitpay/domain';
import { FAKE_PSP_REFUND_CALL, newWatchedPage, settle, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';
import { usePaidDemoSession } from '../support/paid-demo-session';
import { readSession } from '../support/service-harness';

jest.setTimeout(120_000);


/**
 * The refund panels' words fit what they refund: an amount refused in a currency of no decimals gives
 * an example the field reads, and reads the amount as the page's own hint groups it (D129-c); the
 * whole payment's refund refused for a refund in flight speaks of the payment, not of a tranche.
 */
describe("dashboard in Chromium: the refund panels' words", () => {
  const demo = useDemoDashboard();
  const paid = usePaidDemoSession(demo, 'words');

  it('gives a yen example the field reads, and reads "12,245" as the hint writes it', async () => {
    const orderId = `jpy-${Date.now().toString(36)}`;
    const { page: payer, sessionId } = await demo.service().openPage({ currency: 'JPY', total: 12_345, orderId, methods: [{ method: 'card' }] }, DEMO);
    await payer.payByCard('card', 12_345, '5555555555554444');
    await payer.waitFor((v: SessionView) => v.status === 'PAID', 15_000);
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Mastercard)', exact: true });
    await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
    const amount = tranche.getByLabel('Amount to refund (JPY)');
    expect(await tranche.locator('.hint').first().textContent()).toBe('At most JP¥12,345.');

    await amount.fill('12.50');
    await tranche.getByRole('button', { name: 'Continue' }).click();
    await visible(tranche.getByText('Enter a positive amount, for example 12.'));

    await amount.fill('12,245');
    await tranche.getByRole('button', { name: 'Continue' }).click();
    await visible(tranche.getByRole('button', { name: 'Yes, refund JP¥12,245' }));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("says a refund of the payment is on its way when the whole payment's refund meets one", async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    await page.getByRole('button', { name: 'Refund the whole payment' }).click();

    // While the confirmation is open the merchant's server refunds €20.00; its PSP does not answer, so it stays pending.
    const clearFault = demo.service().injectFault(FAKE_PSP_REFUND_CALL, 503);
    try {
      const session = (await readSession(demo.service(), paid.sessionId, DEMO)).body as { attempts: { attemptId: string }[] };
      const res = await fetch(`${demo.service().url}/api/attempts/${session.attempts[0]!.attemptId}/refund`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${await demo.service().clientToken(DEMO)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: 2_000 }),
      });
      expect(res.status).toBe(202);
      expect(await settle(paid.refunds, (list) => list.length === 1)).toEqual([{ amount: 2_000, status: 'pending' }]);

      await page.getByRole('button', { name: 'Yes, refund €50.00' }).click();
      const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was refunded.' });
      await visible(refusal);
      expect(await refusal.textContent()).toContain('A refund of this payment is already on its way. Wait for its verdict, then try again.');
      expect(await refusal.textContent()).not.toContain('tranche');
    } finally {
      clearFault();
    }
    await page.context().close();
  });
});
