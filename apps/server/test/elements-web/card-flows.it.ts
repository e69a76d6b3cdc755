import { useDemoBrowser } from '../support/browser/elements-browser';
import { CARD } from '../support/browser/fake-psp-cards';

describe('demo checkout in Chromium: card outcomes', () => {
  const suite = useDemoBrowser();

  it('shows a declined card with its reason, then pays with another method (Wero)', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.payByCard('120.00', CARD.declined);

    const notice = page.getByText('Your Card payment of €120.00 was declined: your bank refused it.');
    await notice.first().waitFor();
    await expect(page.getByRole('alert').first().textContent()).resolves.toBe('Your Card payment of €120.00 was declined: your bank refused it.');
    await expect(shop.remaining().textContent()).resolves.toBe('Remaining to pay: €120.00 of €120.00');

    await shop.payOnPspPage('Wero', 'Approve');
    await shop.completed();
    expect(problems.list).toEqual([]);
  });

  it('goes through the 3-D Secure challenge page and back, to PAID', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.payByCard('120.00', CARD.challenged);

    await shop.throughFakePsp('3-D Secure check', 'Authenticate');
    await shop.completed();
    await expect(shop.ledger().filter({ hasText: '€120.00' }).filter({ hasText: 'paid' }).count()).resolves.toBe(1);
    expect(problems.list).toEqual([]);
  });

  it('offers the mandated partial grant; keeping it leaves the rest, which another card pays', async () => {
    const { page, shop, problems } = suite;
    await shop.openWithTerms();
    await shop.payByCard('120.00', CARD.halfGranted);

    const heading = page.getByRole('heading', { name: 'Partial approval' });
    await heading.waitFor();
    await expect(heading.evaluate((el) => el === el.ownerDocument.activeElement)).resolves.toBe(true);
    await page.getByRole('group', { name: 'Partial approval' }).getByText('Your bank approved €60.00 of the €120.00 requested.').waitFor();
    await expect(page.getByRole('button', { name: 'Cancel payment' }).count()).resolves.toBe(0);

    // A reload keeps the question: it is read from the session, not from the page.
    await page.reload();
    await page.getByRole('button', { name: 'Keep €60.00 and pay the rest another way' }).click();
    await shop.payTheRestByCard('60.00');
    expect(problems.list).toEqual([]);
  });

  it('removes a held tranche from the ledger: the hold is released and the whole total remains', async () => {
    const { page, shop, problems } = suite;
    await shop.openMidSplit();
    await page.getByRole('button', { name: 'Remove the €40.00 Card payment' }).click();
    await shop.remainingIs('€120.00');
    await shop.ledger().first().waitFor({ state: 'detached' });
    expect(problems.list).toEqual([]);
  });
});
