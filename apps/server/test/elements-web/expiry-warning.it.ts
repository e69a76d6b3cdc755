import { ElementsClient } from '../support/elements-client';
import { useDemoBrowser } from '../support/browser/elements-browser';

/**
 * The session dies at `expiresAt`. The payer sees by when to pay, and, in its last two minutes, a
 * warning that every payer sees and screen readers announce (not one only screen readers get).
 */
describe('demo checkout in Chromium: the payment’s deadline', () => {
  const suite = useDemoBrowser();

  /** The demo order's session view, read as the page would (its token from the shop's server side, with the page's cookie). */
  async function expiresAt(orderId: string): Promise<number> {
    const order = (await (await suite.page.request.get(`${suite.h.url}/demo/orders/${orderId}`)).json()) as { elementsToken: string };
    const answer = await new ElementsClient(suite.h.url, order.elementsToken).view();
    return answer.body.view.expiresAt;
  }

  /** The time as the page shows it, formatted by the page itself (its locale and time zone). */
  const shownTime = (at: number, lang: string): Promise<string> =>
    suite.page.evaluate(([epoch, locale]) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(epoch)), [at, lang] as const);

  it('says by when to pay, then warns on the page and to screen readers in the last two minutes', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    const deadline = await expiresAt(shop.orderId());
    const time = await shownTime(deadline, 'en');
    await page.getByText(`Complete the payment by ${time}.`).waitFor();

    // The page's clock 90 seconds before the deadline (the service's is untouched).
    await page.clock.setFixedTime(deadline - 90_000);
    await page.reload();
    const warning = `This payment expires in less than two minutes, at ${time}.`;
    await page.getByRole('alert').filter({ hasText: warning }).waitFor();
    // On the page too, in the order's summary, with a real size (the alert region is a 1px box).
    const shown = page.getByRole('region', { name: 'Your order' }).getByText(warning);
    await shown.waitFor();
    await expect(shown.boundingBox().then((box) => (box?.width ?? 0) > 100)).resolves.toBe(true);
    expect(problems.list).toEqual([]);
  });

  it('says it in French on the French page', async () => {
    const { page, shop, problems } = suite;
    await shop.open('fr');
    const time = await shownTime(await expiresAt(shop.orderId()), 'fr');
    await page.getByText(`Terminez le paiement avant ${time}.`).waitFor();
    expect(problems.list).toEqual([]);
  });
});
