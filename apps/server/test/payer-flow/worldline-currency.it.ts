import { providerService } from '../support/provider-service';
import { WORLDLINE_CONTRACTS } from '../support/worldline-direct';

// Worldline takes Wero and Chèque-Vacances in euros only (its driver declares it): a session in another
// currency lists them, not eligible, and refuses to start them before Worldline is asked (D86).
describe('Worldline Direct: Wero and ANCV in a session that is not in euros', () => {
  const service = providerService(WORLDLINE_CONTRACTS);
  const h = service.h;

  it('a USD session lists Wero and ANCV not eligible, the card eligible; starting Wero is MethodNotEligible and calls no PSP', async () => {
    const { page } = await h.openPage({ currency: 'USD', total: 5_000, orderId: 'wl-usd', methods: [{ method: 'wero' }, { method: 'ancv' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    const { view } = (await page.view()).body;
    expect(view.methods.map((m: { id: string; eligible: boolean }) => [m.id, m.eligible])).toEqual([
      ['wero', false],
      ['ancv', false],
      ['card', true],
    ]);
    // No nock interceptor is set for Worldline: a call would fail the start differently.
    const started = await page.start({ methodId: 'wero', amount: 5_000 });
    expect(started.status).toBe(409);
    expect(started.body).toMatchObject({ code: 'MethodNotEligible', message: expect.stringContaining('currency-not-accepted') });
    expect((await page.view()).body.view.attempts).toEqual([]);
  });

  it('the same methods in a EUR session are eligible', async () => {
    const { page } = await h.openPage({ currency: 'EUR', total: 5_000, orderId: 'wl-eur', methods: [{ method: 'wero' }, { method: 'ancv' }, { method: 'card' }], returnUrl: 'https://shop.example/back' });
    expect((await page.view()).body.view.methods.map((m: { eligible: boolean }) => m.eligible)).toEqual([true, true, true]);
  });
});
