import type { Locator, Page } from 'playwright-core';
import { newWatchedPage, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { seedSchemeRefusedPayment } from '../support/scheme-refused-payment';

jest.setTimeout(120_000);

const PHONE = { width: 390, height: 844 };

interface Rect {
  left: number;
  right: number;
}

interface InPage {
  document: { documentElement: { scrollWidth: number }; createRange(): { selectNodeContents(node: unknown): void; getBoundingClientRect(): Rect } };
}

/** A scrolling box as the page sees it (the type check has no DOM library). */
interface ScrollBox {
  scrollLeft: number;
  scrollWidth: number;
  querySelector(selector: string): unknown;
  getBoundingClientRect(): Rect;
}

const pageWidth = (page: Page): Promise<number> => page.evaluate(() => (globalThis as unknown as InPage).document.documentElement.scrollWidth);

/**
 * On a phone the page keeps the screen's width (WCAG 1.4.10 reflow): a table wider than the screen
 * scrolls inside its own box, a labelled region the keyboard can scroll, never the whole page.
 */
describe('dashboard on a 390 px wide phone in Chromium', () => {
  const demo = useDemoDashboard();
  const orderId = `phone-${Date.now().toString(36)}`;
  let sessionId = '';

  beforeAll(async () => {
    sessionId = await seedSchemeRefusedPayment(demo.service(), orderId);
  }, 60_000);

  const onPhone = async (view: string, heading: string): Promise<Page> => {
    const { page, problems } = await newWatchedPage(demo.browser());
    await page.setViewportSize(PHONE);
    await signedIn(page, demo.service().url, view, heading);
    expect(problems).toEqual([]);
    return page;
  };

  /** The table's scrolling box: a region named as the table, in the tab order. */
  const expectScrollRegion = async (page: Page | Locator, name: string): Promise<void> => {
    const region = page.getByRole('region', { name });
    await visible(region);
    expect(await region.getAttribute('tabindex')).toBe('0');
    expect(await region.getByRole('table', { name }).count()).toBe(1);
  };

  it('keeps the Payments list as wide as the screen, its table scrolling in its own region', async () => {
    const page = await onPhone('#/payments', 'Payments');
    await visible(page.getByRole('link', { name: orderId }));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectScrollRegion(page, 'Payments, newest first, page 1');
    await page.context().close();
  });

  it("keeps each table's caption in view while its region is scrolled sideways to its end (D81)", async () => {
    const page = await onPhone('#/payments', 'Payments');
    await visible(page.getByRole('link', { name: orderId }));
    const region = page.getByRole('region', { name: 'Payments, newest first, page 1' });
    // Scrolled to its far end, then where the caption's words stand against the region's box.
    const seen = await region.evaluate((element: unknown) => {
      const box = element as ScrollBox;
      box.scrollLeft = box.scrollWidth;
      const words = (globalThis as unknown as InPage).document.createRange();
      words.selectNodeContents(box.querySelector('caption'));
      const [r, c] = [box.getBoundingClientRect(), words.getBoundingClientRect()];
      return { scrolled: box.scrollLeft, region: { left: r.left, right: r.right }, caption: { left: c.left, right: c.right } };
    });
    expect(seen.scrolled).toBeGreaterThan(0);
    expect(seen.caption.left).toBeGreaterThanOrEqual(seen.region.left);
    expect(seen.caption.right).toBeLessThanOrEqual(seen.region.right);
    await page.context().close();
  });

  it('keeps the Operations list as wide as the screen, its table scrolling in its own region', async () => {
    const page = await onPhone('#/operations', 'Operations');
    await visible(page.getByRole('link', { name: orderId }).first());
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectScrollRegion(page, 'Operations, newest first, page 1');
    await page.context().close();
  });

  it("keeps a payment's page as wide as the screen, each tranche's operations inside its card, and the operation's refund reachable", async () => {
    const page = await onPhone(`#/sessions/${sessionId}`, `Payment ${orderId}`);
    const tranche = page.getByRole('article').nth(1);
    await visible(tranche.getByRole('button', { name: 'Refund this operation' }));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectScrollRegion(tranche, 'Operations');

    // Scrolled into view inside its region, the button stands within the tranche's card and the screen.
    const refund = tranche.getByRole('button', { name: 'Refund this operation' });
    await refund.scrollIntoViewIfNeeded();
    const [button, card] = [await refund.boundingBox(), await tranche.boundingBox()];
    expect(button!.x).toBeGreaterThanOrEqual(card!.x);
    expect(button!.x + button!.width).toBeLessThanOrEqual(Math.min(card!.x + card!.width, PHONE.width));
    await refund.click();
    await visible(tranche.getByLabel('Amount to refund (EUR)'));
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
});
