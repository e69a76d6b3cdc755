import { SETTINGS } from '@splitpay/psp-paypal/src/testing/paypal.fixtures';
import { providerService } from '../support/provider-service';

// PayPal takes its own list of currencies (its driver declares it): a session in another currency lists
// PayPal, not eligible, and refuses to start it before PayPal is asked (D86, D116-e).
describe('PayPal in a session whose currency PayPal does not take', () => {
  const service = providerService([
    { method: 'card', provider: 'fake', partialRefunds: true, schemes: ['cb', 'visa', 'mastercard'] },
    { method: 'paypal', provider: 'paypal', partialRefunds: true, settings: SETTINGS },
  ]);
  const h = service.h;

  it('a KWD session lists PayPal not eligible, the card eligible; starting PayPal is MethodNotEligible and calls no PSP', async () => {
    const { page } = await h.openPage({ currency: 'KWD', total: 5_000, orderId: 'pp-kwd', methods: [{ method: 'paypal' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const { view } = (await page.view()).body;
    expect(view.methods.map((m: { id: string; eligible: boolean }) => [m.id, m.eligible])).toEqual([
      ['paypal', false],
      ['card', true],
    ]);
    // No nock interceptor is set for PayPal: a call would fail the start differently.
    const started = await page.start({ methodId: 'paypal', amount: 5_000 });
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ code: 'MethodNotEligible', message: expect.stringContaining('currency-not-accepted') });
    expect((await page.view()).body.view.attempts).toEqual([]);
  });

  it('PayPal is eligible in a session in forints, yen or euros', async () => {
    for (const currency of ['HUF', 'JPY', 'EUR']) {
      const { page } = await h.openPage({ currency, total: 5_000, orderId: `pp-${currency}`, methods: [{ method: 'paypal' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
      expect((await page.view()).body.view.methods.map((m: { eligible: boolean }) => m.eligible)).toEqual([true, true]);
    }
  });
});
