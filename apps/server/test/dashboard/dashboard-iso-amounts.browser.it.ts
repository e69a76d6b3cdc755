import type { SessionView } from '@splitpay/domain';
import { newWatchedPage, signedIn, visible } from '../support/dashboard-browser';
import { useDemoDashboard } from '../support/demo-dashboard';
import { DEMO } from '../support/merchants.fixture';

jest.setTimeout(120_000);

/**
 * Amounts on the dashboard have ISO 4217's decimals whatever Chromium's own currency data says
 * (it gives IQD and HUF none): 1500 IQD minor units are 1.500 dinars, 10000 HUF minor units 100.00
 * forints (D106).
 */
describe("a payment's amounts in Chromium, by ISO 4217's minor units", () => {
  const demo = useDemoDashboard();
  const stamp = Date.now().toString(36);

  /** A paid card order of the demo merchant; answers the session's id. */
  const paidOrder = async (orderId: string, currency: string, total: number): Promise<string> => {
    const { page, sessionId } = await demo.service().openPage({ currency, total, orderId, methods: [{ method: 'card' }] }, DEMO);
    await page.payByCard('card', total, '5555555555554444');
    await page.waitFor((v: SessionView) => v.status === 'PAID', 15_000);
    return sessionId;
  };

  it.each([
    ['IQD', 1_500, 'IQD 1.500', '1.500'],
    ['HUF', 10_000, 'HUF 100.00', '100.00'],
  ])('%s %i minor units are shown as %s, and the refund form offers %s', async (currency, total, shown, offered) => {
    const orderId = `iso-${currency.toLowerCase()}-${stamp}`;
    const sessionId = await paidOrder(orderId, currency, total);
    const { page, problems } = await newWatchedPage(demo.browser());
    await signedIn(page, demo.service().url, `#/sessions/${sessionId}`, `Payment ${orderId}`);
    const tranche = page.getByRole('article', { name: 'Tranche 1: Card (Mastercard)', exact: true });
    await visible(tranche);
    expect((await tranche.textContent())?.replace(/\s/g, ' ')).toContain(shown);

    await tranche.getByRole('button', { name: 'Refund this tranche' }).click();
    const amount = tranche.getByLabel(`Amount to refund (${currency})`);
    await visible(amount);
    expect(await amount.getAttribute('placeholder')).toBe(offered);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
