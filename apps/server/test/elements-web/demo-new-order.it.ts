import type { SessionView } from '@splitpay/domain';
import { ElementsClient } from '../support/elements-client';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { until } from '../support/until';

const ASKED = 'This order has payments held, paid or under way. A new order cancels it: what it holds is released, what it took is refunded. Start a new order?';

/**
 * "New order" while the order holds money: the payer is asked first, then the order is given up through
 * the payer's abandon door (its holds released now, not at its expiry), and Back leads to it again.
 */
describe('demo checkout in Chromium: New order', () => {
  const suite = useDemoBrowser();

  /** The demo order's session view, read as the page would (its token from the shop's server side, with the page's cookie). */
  async function viewOf(orderId: string): Promise<SessionView> {
    const order = (await (await suite.page.request.get(`${suite.h.url}/demo/orders/${orderId}`)).json()) as { elementsToken: string };
    return (await new ElementsClient(suite.h.url, order.elementsToken).view()).body.view;
  }

  /** Back on `orderId`'s address, the page mounted that order a second time (its log says so): what follows is that order's. */
  async function mountedAgain(orderId: string): Promise<void> {
    await suite.page.waitForURL((url) => url.searchParams.get('order') === orderId);
    await suite.shop.eventLog().filter({ hasText: new RegExp(` order ${orderId}$`) }).nth(1).waitFor();
  }

  it('after a €100.00 hold asks first; confirmed, it abandons the order (the hold voided), shows a new one, and Back shows the old one ended', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.holdOnCard('100.00', '€20.00');
    const first = shop.orderId();
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });

    await page.getByRole('button', { name: 'New order' }).click();
    await page.waitForURL((url) => url.searchParams.get('order') !== first);
    await shop.remainingIs('€120.00');
    expect(asked).toEqual([ASKED]);
    expect(suite.postsTo('/elements/session/abandon')).toHaveLength(1);
    const old = await until(async () => {
      const view = await viewOf(first);
      return view.status === 'ABORTED' ? view : undefined;
    }, 'the first order aborted');
    expect(old.attempts.map((a) => a.status)).toEqual(['VOIDED']);

    await page.goBack();
    await mountedAgain(first);
    await page.getByText('The payment was cancelled. Nothing was taken.').waitFor();
    expect(problems.list).toEqual([]);
  });

  it('dismissed, the order and its hold stay: nothing abandoned, no order created', async () => {
    const { page, shop, problems } = suite;
    await shop.openMidSplit();
    const first = shop.orderId();
    const shown = page.waitForEvent('dialog');
    const pressed = page.getByRole('button', { name: 'New order' }).click();
    const dialog = await shown;
    expect(dialog.message()).toBe(ASKED);
    await dialog.dismiss();
    await pressed;
    await shop.remainingIs('€80.00');
    expect(shop.orderId()).toBe(first);
    expect(suite.postsTo('/elements/session/abandon')).toEqual([]);
    expect(suite.postsTo('/demo/orders')).toHaveLength(1);
    await expect(viewOf(first).then((view) => [view.status, view.attempts.map((a) => a.status)])).resolves.toEqual(['PENDING', ['AUTHORIZED']]);
    expect(problems.list).toEqual([]);
  });

  it('with nothing held, a new order without asking; Back returns to the first order, still payable', async () => {
    const { page, shop, problems } = suite;
    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await shop.open();
    const first = shop.orderId();

    await page.getByRole('button', { name: 'New order' }).click();
    await page.waitForURL((url) => url.searchParams.get('order') !== first);
    await shop.remainingIs('€120.00');
    expect(suite.postsTo('/elements/session/abandon')).toEqual([]);

    await page.goBack();
    await mountedAgain(first);
    await shop.remainingIs('€120.00');
    await shop.acceptTerms();
    await shop.holdOnCard('20.00', '€100.00');
    await expect(viewOf(first).then((view) => view.attempts.map((a) => a.status))).resolves.toEqual(['AUTHORIZED']);
    expect(asked).toEqual([]);
    expect(problems.list).toEqual([]);
  });
});
