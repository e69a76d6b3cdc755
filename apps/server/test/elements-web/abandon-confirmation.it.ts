import { useDemoBrowser } from '../support/browser/elements-browser';

/** Cancelling the whole payment releases every hold and cannot be undone: one keypress too many must not do it. */
describe('demo checkout in Chromium: the cancel-payment confirmation', () => {
  const suite = useDemoBrowser();

  it('opens on "No, keep paying": Enter pressed twice on "Cancel payment" keeps the payment and its hold', async () => {
    const { page, shop, problems } = suite;
    await shop.openMidSplit();

    await page.getByRole('button', { name: 'Cancel payment' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Cancel the whole payment? Amounts held on your methods will be released.' }).waitFor();
    await expect(shop.focusedName()).resolves.toBe('button:button No, keep paying');
    await page.keyboard.press('Enter');

    await expect(shop.focusedName()).resolves.toBe('button:button Cancel payment');
    await shop.remainingIs('€80.00');
    expect(suite.postsTo('/elements/session/abandon')).toEqual([]);
    expect(problems.list).toEqual([]);
  });
});
