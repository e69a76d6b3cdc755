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

  /**
   * The deadline as the page shows it, formatted by the page itself (its locale, time zone and clock):
   * its time of day on the page's current day, with its day otherwise.
   */
  const shownTime = (at: number, lang: string): Promise<string> =>
    suite.page.evaluate(
      ([epoch, locale]) => {
        const day = new Date(epoch).toDateString() === new Date().toDateString() ? {} : ({ weekday: 'long', day: 'numeric', month: 'long' } as const);
        return new Intl.DateTimeFormat(locale, { ...day, hour: 'numeric', minute: '2-digit' }).format(new Date(epoch));
      },
      [at, lang] as const,
    );

  it('says by when to pay, then warns on the page and to screen readers in the last two minutes', async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    const deadline = await expiresAt(shop.orderId());
    const time = await shownTime(deadline, 'en');
    await page.getByText(`Complete the payment by ${time}.`).waitFor();

    // The page's clock 90 seconds before the deadline (the service's is untouched).
    await page.clock.setFixedTime(deadline - 90_000);
    await page.reload();
    const warning = `This payment expires in less than two minutes, at ${await shownTime(deadline, 'en')}.`;
    await page.getByRole('alert').filter({ hasText: warning }).waitFor();
    // On the page too, in the order's summary, with a real size (the alert region is a 1px box).
    const shown = page.getByRole('region', { name: 'Your order' }).getByText(warning);
    await shown.waitFor();
    await expect(shown.boundingBox().then((box) => (box?.width ?? 0) > 100)).resolves.toBe(true);
    expect(problems.list).toEqual([]);
  });

  it("carries the deadline's day when the payer's clock is on another day", async () => {
    const { page, shop, problems } = suite;
    await shop.open();
    const deadline = await expiresAt(shop.orderId());
    // The page's clock a day and a half early (the service's is untouched): the deadline is not on its day.
    await page.clock.setFixedTime(deadline - 36 * 3_600_000);
    await page.reload();
    const shown = await shownTime(deadline, 'en');
    expect(shown).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2} at /);
    await page.getByText(`Complete the payment by ${shown}.`).waitFor();
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
