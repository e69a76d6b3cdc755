import type { Page, Route } from 'playwright-core';
import { newWatchedPage, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';
import { readSession } from '../support/service-harness';

jest.setTimeout(120_000);

interface StoredSession {
  attempts: { transactions: { type: string; amount: { amount: number } }[] }[];
}

/**
 * A refund whose answer never reaches the page: the service made it, the page only saw the network
 * fail. The contact is told it may have been made, sees the payment as it now stands, and a second
 * try of the same refund is the same refund (its key kept for the page's life), never a second one.
 */
describe('dashboard in Chromium: a refund whose answer is lost', () => {
  const demo = useDemoDashboard();
  const orderId = `lost-${Date.now().toString(36)}`;
  let sessionId = '';

  const refunds = async (): Promise<number[]> => {
    const stored = (await readSession(demo.service(), sessionId, DEMO)).body as unknown as StoredSession;
    return stored.attempts.flatMap((a) => a.transactions.filter((t) => t.type === 'refund').map((t) => t.amount.amount));
  };

  beforeAll(async () => {
    const { page, sessionId: id } = await demo.service().openPage({ currency: 'EUR', total: 4_000, orderId, methods: [{ method: 'card' }] }, DEMO);
    sessionId = id;
    await page.payByCard('card', 4_000);
    expect((await page.waitFor((v) => v.status === 'PAID', 15_000)).status).toBe('PAID');
  }, 90_000);

  /** The first answer of the door is lost after the service made the refund; later ones pass. */
  const loseFirstAnswer = async (page: Page, door: string): Promise<string[]> => {
    const keys: string[] = [];
    let lost = false;
    await page.route(door, async (route: Route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      const answer = await route.fetch();
      if (lost) return route.fulfill({ response: answer });
      lost = true;
      return route.abort('connectionreset');
    });
    return keys;
  };

  it('says the refund may have been made, reads the payment again, and sends the same refund again with the same key', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const keys = await loseFirstAnswer(page, '**/api/attempts/*/refund');
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    const refundTen = async (): Promise<void> => {
      await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
      await tranche.getByLabel('Amount to refund (EUR)').fill('10');
      await tranche.getByRole('button', { name: 'Continue' }).click();
      await tranche.getByRole('button', { name: 'Yes, refund €10.00' }).click();
    };

    await refundTen();
    await visible(page.getByRole('alert').filter({ hasText: 'The refund may have been made' }));
    expect(await refunds()).toEqual([1_000]);
    // Read again: the tranche shows the refund the service made (whatever its verdict by then).
    await visible(tranche.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'refund', exact: true }) }).filter({ hasText: '€10.00' }));

    // The contact tries again, the same amount: the service answers the refund it already made.
    await refundTen();
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €10.00 requested' }));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe('');
    expect(keys[1]).toBe(keys[0]);
    expect(await refunds()).toEqual([1_000]);
    await page.context().close();
  });

  it("says the whole payment's refund may have been made and reads the payment again: its refund is on the page, and no key is sent", async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const keys = await loseFirstAnswer(page, `**/api/sessions/${sessionId}/refund`);
    await page.getByRole('button', { name: 'Refund the whole payment' }).click();
    await page.getByRole('button', { name: 'Yes, refund €30.00' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'The refund may have been made' }));
    expect(await refunds()).toEqual([1_000, 3_000]);
    // Read again: the refund the service made is on the page (whatever its verdict by then).
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await visible(tranche.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'refund', exact: true }) }).filter({ hasText: '€30.00' }));
    // Its door reads no key (D103-c): none is sent.
    expect(keys).toEqual(['']);
    await page.context().close();
  });
});
