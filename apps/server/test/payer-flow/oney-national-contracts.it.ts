import { PURCHASE_PATH, SETTINGS } from '@splitpay/psp-oney/src/testing/oney-fixtures';
import type { Session } from '@splitpay/domain';
import { providerService } from '../support/provider-service';
import { financedOrder } from '../support/session-bodies';
import { oneyAnswers } from './oney-nock.support';

jest.setTimeout(30_000);

// docs/decisions.md D44: the billing country picks the national contract that prices the loan.
const PLAN_3X = { installments: 3, withFees: false, feeRate: 0, apr: 0 };
const PLAN_4X = { installments: 4, withFees: false, feeRate: 0, apr: 0 };
const SPAIN = { ...SETTINGS, apiKey: 'oney-spain-api-key-0d9e', merchantGuid: 'merchant-guid-es-41d2', countryCode: 'SP', businessTransaction4x: 'OPC4X-ES' };
const BILLING_FR = financedOrder('unused', 30_000).billing as Record<string, unknown>;

const orderBilledIn = (orderId: string, country: string) =>
  financedOrder(orderId, 30_000, { billing: { ...BILLING_FR, country, ...(country === 'ES' ? { city: 'Madrid', postalCode: '28001' } : {}) } });

describe('two national Oney contracts (France, Spain): the billing country picks the one that prices the loan', () => {
  const service = providerService([
    { method: 'card', provider: 'fake', partialRefunds: true },
    { id: 'oney-fr', method: 'oney', provider: 'oney', nation: 'FR', partialRefunds: true, plans: [PLAN_3X], settings: SETTINGS },
    { id: 'oney-es', method: 'oney', provider: 'oney', nation: 'ES', partialRefunds: true, plans: [PLAN_4X], settings: SPAIN },
  ]);
  const oneyOffer = async (sessionId: string): Promise<Session['methods'][number] | undefined> =>
    (await service.h.stores.sessions.findById(sessionId as Session['id']))?.methods.find((m) => m.method === 'oney');

  it('offers Oney to both, each priced by its own national contract (plans and contract on the offer, plans on the page)', async () => {
    const h = service.h;
    const fr = await h.openPage(orderBilledIn('national-fr', 'FR'));
    expect(await oneyOffer(fr.sessionId)).toMatchObject({ contractId: 'oney-fr', plans: [PLAN_3X] });
    const es = await h.openPage(orderBilledIn('national-es', 'ES'));
    expect(await oneyOffer(es.sessionId)).toMatchObject({ contractId: 'oney-es', plans: [PLAN_4X] });

    const plansOnPage = async (page: typeof fr.page) =>
      ((await page.view()).body.view.methods.find((m) => m.method === 'oney') as { plans?: { installments: number }[] } | undefined)?.plans?.map((p) => p.installments);
    expect(await plansOnPage(fr.page)).toEqual([3]);
    expect(await plansOnPage(es.page)).toEqual([4]);
  });

  it("opens the Spanish purchase with the Spanish contract's credentials and product", async () => {
    const { page } = await service.h.openPage(orderBilledIn('national-es-pay', 'ES'));
    const purchase = oneyAnswers(PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/facilypay/page-es' });
    const started = await page.start({ methodId: 'oney', amount: 30_000, plan: { installments: 4, withFees: false } });
    expect(started.status).toBe(201);
    const sent = purchase.seen[0]!;
    expect(sent.headers['x-oney-authorization']).toBe(SPAIN.apiKey);
    expect(sent.headers['x-oney-partner-country-code']).toBe('SP');
    expect(sent.body).toMatchObject({ merchant_guid: SPAIN.merchantGuid, payment: { business_transaction: { code: 'OPC4X-ES' } } });
  });

  it('refuses, never drops Oney, for a billing country neither contract prices', async () => {
    await expect(service.h.createSession(orderBilledIn('national-it', 'IT'))).rejects.toThrow(/answered 422: .*"code":"NoProviderForMethod".*billing country IT/);
  });
});
