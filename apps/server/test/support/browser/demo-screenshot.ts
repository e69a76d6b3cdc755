import type { Page } from 'playwright-core';
import { DemoCheckoutPage } from './demo-checkout.page';

/**
 * The README's picture: the demo checkout mid-split (€40.00 held on a card, €80.00 remaining, the
 * vouchers chosen for the rest). The README's script and a test both run it.
 */
export async function shootDemoMidSplit(page: Page, baseUrl: string, file: string): Promise<void> {
  await page.setViewportSize({ width: 1200, height: 1000 });
  const shop = new DemoCheckoutPage(page, baseUrl);
  await shop.openMidSplit();
  await shop.method('Chèques-Vacances (ANCV)').check();
  await shop.payButton().waitFor();
  // The caret and focus ring would make the picture differ from run to run.
  await page.evaluate('document.activeElement && document.activeElement.blur()');
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
}
