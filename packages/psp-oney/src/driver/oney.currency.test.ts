import nock from 'nock';
import { money } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { OneyClient } from '../client/oney.client';
import { openInput, PURCHASE_PATH, SETTINGS, silentLogger, STAGING_BASE } from '../testing/oney-fixtures';
import { ONEY_CAPABILITIES } from './capabilities';
import { OneyDriver } from './oney.driver';

// Oney finances in its partner country's currency only: the leu in Romania, the euro elsewhere (D112-b).

const driver = new OneyDriver({ client: new OneyClient({ timeoutMs: 2_000 }), logger: silentLogger });
const RO_SETTINGS = { ...SETTINGS, countryCode: 'RO' };

isolateNock();
afterEach(() => nock.cleanAll());

/** Oney's purchase call, answered as if it took the purchase, and the body it was sent. */
function purchaseCall(): { scope: nock.Scope; body: () => Record<string, unknown> } {
  let seen: Record<string, unknown> = {};
  const scope = nock(STAGING_BASE)
    .post(PURCHASE_PATH, (body: Record<string, unknown>) => {
      seen = body;
      return true;
    })
    .reply(200, { returned_url: 'https://oney-staging.example/facilypay/abc' });
  return { scope, body: () => seen };
}

describe('Oney: the currencies it takes', () => {
  it('declares EUR and RON, so a session in another currency lists Oney not eligible and refuses its start before any call', () => {
    expect(ONEY_CAPABILITIES.currencies).toEqual(['EUR', 'RON']);
  });

  it.each([
    ['KWD', 1_500, SETTINGS],
    ['JPY', 500, SETTINGS],
    ['EUR', 10_000, RO_SETTINGS],
    ['RON', 10_000, SETTINGS],
  ])("an opening in %s (%d) outside the contract's currency is refused before any call: the payer may pay otherwise", async (currency, amount, settings) => {
    const purchase = purchaseCall();
    const output = await driver.open(openInput({ amount: money(amount, currency), settings, order: { orderId: 'order-42' } }));
    expect(purchase.scope.isDone()).toBe(false);
    expect(output).toEqual({
      ack: { outcome: 'rejected', code: 'UNSUPPORTED_CURRENCY', category: 'method-unavailable', message: expect.stringContaining(currency) },
      facts: [],
    });
  });

  it('an opening in RON on a Romanian contract is sent in lei with its two decimals', async () => {
    const purchase = purchaseCall();
    const output = await driver.open(openInput({ amount: money(10_050, 'RON'), settings: RO_SETTINGS, order: { orderId: 'order-42' } }));
    expect(purchase.scope.isDone()).toBe(true);
    expect(purchase.body()).toMatchObject({ payment: { payment_amount: 100.5, currency_code: 'RON' }, purchase: { purchase_amount: 100.5, currency_code: 'RON' } });
    expect(output.ack.outcome).toBe('accepted');
  });
});
