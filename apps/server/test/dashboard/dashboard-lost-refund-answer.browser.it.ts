import type { Page, Route } from 'playwright-core';
import { DEMO_ADMIN, newWatchedPage, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { usePaidDemoSession } from '../support/paid-demo-session';

jest.setTimeout(120_000);

/**
 * A refund whose answer never reaches the page: the service made it, the page only saw the network
 * fail. The contact is told it may have been made and the payment is read again (D103-f): when it
 * shows the refund, the page says it was made and spends its key, so a deliberate second refund of
 * the same amount is a new refund; when it does not, the key is kept and a retry is the same refund,
 * said to be already made once the page shows it.
 */
describe('dashboard in Chromium: a refund whose answer is lost', () => {
  const demo = useDemoDashboard();
  const paid = usePaidDemoSession(demo, 'lost');
  const refunds = async (): Promise<number[]> => (await paid.refunds()).map((r) => r.amount);

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

  /** Every name and value the page's localStorage holds. */
  const stored = (page: Page): Promise<string[]> =>
    page.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: { length: number; key(i: number): string | null; getItem(n: string): string | null } }).localStorage;
      const all: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const name = storage.key(i) ?? '';
        all.push(name, storage.getItem(name) ?? '');
      }
      return all;
    });

  const refundTen = async (page: Page): Promise<void> => {
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
    await tranche.getByLabel('Amount to refund (EUR)').fill('10');
    await tranche.getByRole('button', { name: 'Continue' }).click();
    await tranche.getByRole('button', { name: 'Yes, refund €10.00' }).click();
  };

  it('says the refund was made once the payment read again shows it, and a second refund of the same amount is a new refund', async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    const keys = await loseFirstAnswer(page, '**/api/attempts/*/refund');
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });

    await refundTen(page);
    await visible(page.getByRole('alert').filter({ hasText: 'The refund of €10.00 was made' }));
    expect(await refunds()).toEqual([1_000]);
    // Read again: the tranche shows the refund the service made (whatever its verdict by then).
    await visible(tranche.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'refund', exact: true }) }).filter({ hasText: '€10.00' }));

    // The contact, having seen it, refunds another €10.00 on purpose: a new refund, with a new key.
    await refundTen(page);
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €10.00 requested' }));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe('');
    expect(keys[1]).not.toBe(keys[0]);
    expect(await refunds()).toEqual([1_000, 1_000]);
    await page.context().close();
  });

  it('keeps the key while the payment read again does not show the refund: the retry is the same refund, said to be already made', async () => {
    const { page } = await newWatchedPage(demo.browser());
    // The payment's read right after the lost answer still shows it as it was before the refund.
    let last = '';
    let staleNext = false;
    let staleServed = (): void => undefined;
    const served = new Promise<void>((resolve) => (staleServed = resolve));
    await page.route(`**/api/sessions/${paid.sessionId}`, async (route: Route) => {
      const answer = await route.fetch();
      if (staleNext && last !== '') {
        staleNext = false;
        await route.fulfill({ response: answer, body: last });
        return staleServed();
      }
      last = await answer.text();
      return route.fulfill({ response: answer, body: last });
    });
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    const keys = await loseFirstAnswer(page, '**/api/attempts/*/refund');
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/refund')) staleNext = true;
    });

    await refundTen(page);
    await served;
    await visible(page.getByRole('alert').filter({ hasText: 'The refund may have been made' }));
    expect(await refunds()).toEqual([1_000, 1_000, 1_000]);
    // Away and back: the page reads the payment afresh and shows the refund, its key still held.
    await page.getByRole('link', { name: 'Back to payments' }).click();
    await page.evaluate((hash) => ((globalThis as unknown as { location: { hash: string } }).location.hash = hash), `#/sessions/${paid.sessionId}`);
    await visible(page.getByRole('heading', { name: `Payment ${paid.orderId}` }));

    await refundTen(page);
    await visible(page.getByRole('status').filter({ hasText: 'Refund of €10.00 already made' }));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await refunds()).toEqual([1_000, 1_000, 1_000]);
    await page.context().close();
  });

  it('shares a lost refund\'s key with another tab of the contact (D103-g): the same refund tried there is one refund', async () => {
    const { page } = await newWatchedPage(demo.browser());
    // Tab A's read right after the lost answer still shows the payment as it was: its key stays unclear.
    let last = '';
    let staleNext = false;
    let staleServed = (): void => undefined;
    const served = new Promise<void>((resolve) => (staleServed = resolve));
    await page.route(`**/api/sessions/${paid.sessionId}`, async (route: Route) => {
      const answer = await route.fetch();
      if (staleNext && last !== '') {
        staleNext = false;
        await route.fulfill({ response: answer, body: last });
        return staleServed();
      }
      last = await answer.text();
      return route.fulfill({ response: answer, body: last });
    });
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    const keys = await loseFirstAnswer(page, '**/api/attempts/*/refund');
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/refund')) staleNext = true;
    });
    await refundTen(page);
    await served;
    await visible(page.getByRole('alert').filter({ hasText: 'The refund may have been made' }));
    expect(await refunds()).toEqual([1_000, 1_000, 1_000, 1_000]);
    // The key is shelved, named by no personal data: the contact's e-mail is nowhere in localStorage.
    const shelf = await stored(page);
    expect(shelf.some((entry) => entry.startsWith('splitpay.dashboard.refundKey'))).toBe(true);
    expect(shelf.filter((entry) => entry.includes(DEMO_ADMIN.email))).toEqual([]);

    // Tab B, same browser, same contact: the same refund is the one tab A made.
    const tabB = await page.context().newPage();
    await signedIn(tabB, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    await tabB.route('**/api/attempts/*/refund', async (route: Route) => {
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      return route.fulfill({ response: await route.fetch() });
    });
    await refundTen(tabB);
    await visible(tabB.getByRole('status').filter({ hasText: 'Refund of €10.00 already made' }));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await refunds()).toEqual([1_000, 1_000, 1_000, 1_000]);
    // Accepted, the key left the shelf the tabs share.
    const shelved = await tabB.evaluate(() => Object.keys((globalThis as unknown as { localStorage: object }).localStorage).filter((name) => name.startsWith('splitpay.dashboard.refundKey')));
    expect(shelved).toEqual([]);
    await page.context().close();
  });

  it("says the whole payment's refund may have been made and reads the payment again: its refund is on the page, and no key is sent", async () => {
    const { page } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${paid.sessionId}`, `Payment ${paid.orderId}`);
    const keys = await loseFirstAnswer(page, `**/api/sessions/${paid.sessionId}/refund`);
    await page.getByRole('button', { name: 'Refund the whole payment' }).click();
    await page.getByRole('button', { name: 'Yes, refund €10.00' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'The refund may have been made' }));
    expect(await refunds()).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
    // Read again: the refund the service made is on the page (whatever its verdict by then).
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Visa)' });
    await visible(tranche.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'refund', exact: true }) }).nth(4));
    // Its door reads no key (D103-c): none is sent.
    expect(keys).toEqual(['']);
    await page.context().close();
  });
});
