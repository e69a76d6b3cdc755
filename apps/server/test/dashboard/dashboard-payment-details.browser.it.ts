import { accessibilityViolations, FAKE_PSP_REFUND_CALL, newWatchedPage, settle, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';
import { payInTwoCardTranches } from '../support/paid-demo-session';
import { readSession } from '../support/service-harness';

jest.setTimeout(120_000);

interface StoredAttempt {
  transactions: { type: string; providerRef?: string; status: { kind: string }; ackHttpStatus?: number }[];
}


/**
 * A payment's details as the page words them (D129-d): a refund the PSP refused with a body that said
 * no status shows what the service kept of the answer (its HTTP status); the dispute's stage is
 * worded in the page's language; each table's region has a name of its own, and no column header is empty.
 */
describe("dashboard in Chromium: a payment's refused refund, disputes and tables", () => {
  const demo = useDemoDashboard();
  const orderId = `details-${Date.now().toString(36)}`;
  let sessionId = '';

  beforeAll(async () => {
    // Two tranches (€40.00 by Visa, €60.00 by Mastercard), a dispute raised on the first one's capture.
    sessionId = await payInTwoCardTranches(demo, orderId);
    const attempts = ((await readSession(demo.service(), sessionId, DEMO)).body as unknown as { attempts: StoredAttempt[] }).attempts;
    const capture = attempts[0]!.transactions.find((tx) => tx.type === 'capture')!;
    const raised = await fetch(`${demo.service().url}/fake-psp/chargebacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ providerRef: capture.providerRef, amount: 1_000, date: '2026-02-10', reasonCode: '4837' }),
    });
    expect(raised.status).toBe(202);
    // A stage another driver stores (PayPal's), worded by the page too (D136-a).
    const reviewed = await fetch(`${demo.service().url}/fake-psp/chargebacks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ providerRef: capture.providerRef, amount: 500, date: '2026-02-11', reasonCode: '4853', status: 'UNDER_REVIEW' }),
    });
    expect(reviewed.status).toBe(202);
    const read = async (): Promise<number> =>
      ((await (await fetch(`${demo.service().url}/api/sessions/${sessionId}/chargebacks`, { headers: { Authorization: `Bearer ${await demo.service().clientToken(DEMO)}` } })).json()) as { chargebacks: unknown[] }).chargebacks.length;
    expect(await settle(read, (n) => n === 2)).toBe(2);
  }, 90_000);

  it('shows the HTTP status of a refund refused with a body that said nothing, and every table and header named', async () => {
    const { page } = await newWatchedPage(demo.browser(), 'en-GB', { bypassCSP: true });
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    const clearFault = demo.service().injectFault(FAKE_PSP_REFUND_CALL, 422, 'not json');
    try {
      await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
      await tranche.getByLabel('Amount to refund (EUR)').fill('5');
      await tranche.getByRole('button', { name: 'Continue' }).click();
      await tranche.getByRole('button', { name: 'Yes, refund €5.00' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Refund of €5.00 requested (failed).' }));
    } finally {
      clearFault();
    }
    const stored = ((await readSession(demo.service(), sessionId, DEMO)).body as unknown as { attempts: StoredAttempt[] }).attempts[0]!.transactions.find((tx) => tx.type === 'refund');
    expect(stored).toMatchObject({ status: { kind: 'failed' }, ackHttpStatus: 422 });
    const refundRow = tranche.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'refund', exact: true }) });
    await visible(refundRow);
    expect(await refundRow.getByRole('cell').nth(3).textContent()).toMatch(/^HTTP 422/);

    await visible(page.getByRole('table', { name: 'Chargebacks of this payment' }));
    expect(await accessibilityViolations(page, ['landmark-unique', 'empty-table-header'])).toEqual([]);
    await page.context().close();
  });

  it("words the dispute's stage in French", async () => {
    const { page } = await newWatchedPage(demo.browser(), 'fr-FR');
    await page.goto(`${demo.service().url}/dashboard#/sessions/${sessionId}`);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.locator('input[type=email], input[name=email]').fill('admin@demo.test');
    await page.locator('input[type=password]').fill('demo-admin-password');
    await page.locator('button[type=submit]').click();
    const disputes = page.getByRole('table', { name: 'Rétrofacturations de ce paiement' });
    await visible(disputes);
    const row = disputes.getByRole('row').nth(1);
    expect(await row.textContent()).toContain('ouverte');
    expect(await row.textContent()).not.toContain('opened');
    const reviewed = disputes.getByRole('row').nth(2);
    expect(await reviewed.textContent()).toContain("en cours d'examen");
    expect(await reviewed.textContent()).not.toContain('UNDER_REVIEW');
    await page.context().close();
  });
});
