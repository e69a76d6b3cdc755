import type { Route } from 'playwright-core';
import { ElementsClient } from '../support/elements-client';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

/**
 * The service holds the money but its answer to Pay never reaches the page (docs/decisions.md D91).
 * The page must not invite a second hold: it reads the session at once, Pay disabled meanwhile, and a
 * press sent again carries the same idempotency-key, which the service answers with the first hold.
 */
describe('demo checkout in Chromium: the answer to Pay is lost', () => {
  const suite = useDemoBrowser();
  const connectionFailed = 'The connection failed. Check it and try again.';

  /** The first start reaches the service, which answers; the page sees the connection reset. Hands back the page's token. */
  async function loseFirstStartAnswer(): Promise<{ token: () => string }> {
    let token = '';
    let lost = false;
    await suite.page.route('**/elements/session/attempts', async (route: Route) => {
      if (lost || route.request().method() !== 'POST') return route.continue();
      lost = true;
      token = (route.request().headers().authorization ?? '').replace(/^Bearer /, '');
      const answered = await route.fetch();
      expect(answered.status()).toBe(201);
      return route.abort('connectionreset');
    });
    return { token: () => token };
  }

  it('shows the hold the lost start made, with the card cleared, and never says to try again', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await loseFirstStartAnswer();
    await shop.payByCard('40.00', CARD.approved);

    await shop.remainingIs('€80.00');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('');
    await expect(page.getByText(connectionFailed).count()).resolves.toBe(0);
    await expect(page.locator('.sp-ledger__row').count()).resolves.toBe(1);
    expect(problems.list.filter((p) => !p.includes('/elements/session/attempts'))).toEqual([]);
  });

  it('pressing Pay again when the session could not be read either answers the first hold, not a second one', async () => {
    const { page, shop } = suite;
    await shop.openWithTerms();
    const lost = await loseFirstStartAnswer();
    // The read the page makes at once fails as well.
    let readLost = false;
    await page.route('**/elements/session', (route) => {
      if (readLost) return route.continue();
      readLost = true;
      return route.abort('internetdisconnected');
    });
    await shop.payByCard('40.00', CARD.approved);
    await page.getByText(connectionFailed).first().waitFor();
    // The first hold has its verdict: a start without the key would now hold €40.00 a second time.
    await new ElementsClient(suite.h.url, lost.token()).waitFor((v) => v.attempts.length === 1 && v.attempts[0]?.status === 'AUTHORIZED');

    await shop.payButton().click();
    await shop.remainingIs('€80.00');
    await expect(page.getByLabel('Card number').inputValue()).resolves.toBe('');
    await expect(page.locator('.sp-ledger__row').count()).resolves.toBe(1);
    const view = await new ElementsClient(suite.h.url, lost.token()).view();
    expect(view.body.view.attempts.map((a) => a.status)).toEqual(['AUTHORIZED']);
  });
  it('a card retyped after a lost answer is a new press: the service makes a new attempt rather than answering the first card\'s (D102-e)', async () => {
    const { page, shop } = suite;
    await shop.openWithTerms();
    const lost = await loseFirstStartAnswer();
    let readLost = false;
    await page.route('**/elements/session', (route) => {
      if (readLost) return route.continue();
      readLost = true;
      return route.abort('internetdisconnected');
    });
    await shop.payByCard('40.00', CARD.declined);
    await page.getByText(connectionFailed).first().waitFor();
    await new ElementsClient(suite.h.url, lost.token()).waitFor((v) => v.attempts.length === 1 && v.attempts[0]?.status === 'DECLINED');

    // The payer types another card: the same key would hand back the first card's decline.
    await shop.fillCard(CARD.approved);
    await shop.payButton().click();
    await shop.remainingIs('€80.00');
    const view = await new ElementsClient(suite.h.url, lost.token()).view();
    expect(view.body.view.attempts.map((a) => a.status)).toEqual(['DECLINED', 'AUTHORIZED']);
  });
});
