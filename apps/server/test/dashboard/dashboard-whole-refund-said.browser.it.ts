import { newWatchedPage, settle, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';
import { payInTwoCardTranches } from '../support/paid-demo-session';
import { readSession } from '../support/service-harness';

jest.setTimeout(120_000);

interface StoredAttempt {
  attemptId: string;
  transactions: { type: string; providerRef?: string; amount: { amount: number }; status: { kind: string } }[];
}

/**
 * A whole payment's refund answers one refund per tranche. The page says them in one sentence,
 * announced once (a live region said twice keeps only the last): the refund that failed first, with its
 * tranche, then the total requested and what each verdict holds of it (D129-a).
 */
describe("dashboard in Chromium: a whole payment's refund, every tranche's refund said", () => {
  const demo = useDemoDashboard();
  const orderId = `said-${Date.now().toString(36)}`;
  let sessionId = '';

  beforeAll(async () => {
    // €100.00 paid in two tranches: €40.00 by Visa, €60.00 by Mastercard.
    sessionId = await payInTwoCardTranches(demo, orderId);
  }, 90_000);

  const attempts = async (): Promise<StoredAttempt[]> => ((await readSession(demo.service(), sessionId, DEMO)).body as unknown as { attempts: StoredAttempt[] }).attempts;

  it('says the €40.00 the PSP refused, then the €100.00 requested, in one announcement', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    // Every text the live region takes, kept: an overwritten announcement is one a screen reader may never say.
    await page.evaluate(() => {
      const inPage = globalThis as unknown as { said: string[]; document: { querySelector(s: string): { textContent: string } }; MutationObserver: new (f: () => void) => { observe(n: unknown, o: object): void } };
      const live = inPage.document.querySelector('[role=status]');
      inPage.said = [];
      new inPage.MutationObserver(() => inPage.said.push(live.textContent)).observe(live, { childList: true, characterData: true, subtree: true });
    });
    // The PSP refuses the first refund asked (the first tranche's) outright.
    let asked = 0;
    const clearFault = demo.service().injectFault((method, path) => method === 'POST' && /^\/fake-psp\/api\/payments\/[^/]+\/refunds$/.test(path) && ++asked === 1, 422);
    try {
      await page.getByRole('button', { name: 'Refund the whole payment' }).click();
      await page.getByRole('button', { name: 'Yes, refund €100.00' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Refund of €100.00 requested' }));
    } finally {
      clearFault();
    }
    const stored = await settle(attempts, (list) => list.every((a) => a.transactions.some((tx) => tx.type === 'refund')));
    expect(stored.map((a) => a.transactions.filter((tx) => tx.type === 'refund').map((tx) => `${tx.amount.amount} ${tx.status.kind}`))).toEqual([['4000 failed'], [expect.stringMatching(/^6000 /)]]);
    const said = await page.getByRole('status').textContent();
    expect(said).toMatch(/^The refund of €40\.00 from tranche 1 failed: that amount was not refunded\. Refund of €100\.00 requested \(€60\.00 (pending|succeeded), €40\.00 failed\)\.$/);
    expect(await page.evaluate(() => (globalThis as unknown as { said: string[] }).said.filter((s) => s !== ''))).toEqual([said]);
    await page.context().close();
  });
});
