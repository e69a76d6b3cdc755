import type { Contract } from '../merchant/merchant-account.model';
import { catalog, FINANCING_CAPS, WALLET_CAPS } from '../testing';
import { createSession, type CreationContext } from './create-session';
import type { PspCatalog } from './provider.rule';
import { CONTRACTS, FINANCING_FILE, refusal, request, withContracts } from './creation.fixtures';
import type { SessionRequest } from './session-request.model';

// Creation through the domain's API: the billing country picks the national financing contract.

const PLAN_3X = { installments: 3, withFees: false, feeRate: 0, apr: 0 };
const PLAN_4X = { installments: 4, withFees: true, feeRate: 0.03, apr: 0.12 };
const ONEY_FR: Contract = { id: 'oney-fr', method: 'oney', provider: 'fake', nation: 'FR', plans: [PLAN_3X], settings: { merchant: 'fr' } };
const ONEY_ES: Contract = { id: 'oney-es', method: 'oney', provider: 'fake', nation: 'ES', plans: [PLAN_4X], settings: { merchant: 'es' } };
const ONEY_ANY: Contract = { id: 'oney-any', method: 'oney', provider: 'fake', plans: [PLAN_3X, PLAN_4X] };

const financed = (country: string | undefined, over: Partial<SessionRequest> = {}): SessionRequest => {
  const { country: _fr, ...billing } = FINANCING_FILE.billing!;
  return request({
    ...FINANCING_FILE,
    billing: country === undefined ? billing : { ...billing, country: country as never },
    methods: [{ method: 'card' }, { method: 'oney' }],
    ...over,
  });
};

const oneyOffer = (req: SessionRequest, ctx: CreationContext) => createSession(req, ctx).methods.find((m) => m.method === 'oney');

describe('createSession: the billing country picks the national financing contract', () => {
  const national = withContracts([CONTRACTS[0]!, ONEY_FR, ONEY_ES]);

  it('prices the loan with the contract of the billing country: its plans and its id on the offer', () => {
    expect(oneyOffer(financed('FR'), national)).toMatchObject({ contractId: 'oney-fr', plans: [PLAN_3X] });
    expect(oneyOffer(financed('ES'), national)).toMatchObject({ contractId: 'oney-es', plans: [PLAN_4X] });
  });

  it('takes the contract without a nation for any other billing country, wherever it stands in the file', () => {
    const withFallback = withContracts([CONTRACTS[0]!, ONEY_ANY, ONEY_FR, ONEY_ES]);
    expect(oneyOffer(financed('IT'), withFallback)?.contractId).toBe('oney-any');
    expect(oneyOffer(financed('ES'), withFallback)?.contractId).toBe('oney-es');
    expect(oneyOffer(financed('FR'), withFallback)?.contractId).toBe('oney-fr');
  });

  it('checks named plans against the chosen contract', () => {
    const fourTimes = { methods: [{ method: 'oney' as const, plans: [{ installments: 4, withFees: true }] }] };
    expect(oneyOffer(financed('ES', fourTimes), national)?.plans).toEqual([PLAN_4X]);
    expect(refusal(financed('FR', fourTimes), national).code).toBe('UnknownBnplPlan');
  });

  it('snapshots the capabilities under the chosen contract', () => {
    const plain = catalog({ fake: { card: WALLET_CAPS, oney: FINANCING_CAPS } });
    const psps: PspCatalog = {
      carries: plain.carries,
      driver: (provider, method) => {
        const driver = plain.driver(provider, method);
        return driver && { ...driver, capabilitiesFor: (settings) => ({ ...driver.capabilities, flow: String(settings.merchant) }) };
      },
    };
    expect(oneyOffer(financed('ES'), withContracts([CONTRACTS[0]!, ONEY_FR, ONEY_ES], psps))?.capabilities.flow).toBe('es');
  });

  it('never drives which methods are offered: a billing country no contract prices is a refusal, not a dropped method', () => {
    expect(refusal(financed('IT'), national)).toEqual({ code: 'NoProviderForMethod', message: expect.stringMatching(/billing country IT.*FR, ES/) });
    const named = financed('IT', { methods: [{ method: 'card' }, { method: 'oney', provider: 'fake' }] });
    expect(refusal(named, national)).toEqual({ code: 'ProviderNotContracted', message: expect.stringMatching(/'fake'.*billing country IT/) });
  });

  it('keeps the whitelist deciding what is offered: the nation is chosen among the contracts that fit the order', () => {
    const soldIn = withContracts([CONTRACTS[0]!, { ...ONEY_FR, countries: ['FR'] }, { ...ONEY_ES, countries: ['ES'] }]);
    const ids = (country: string, billing: string) =>
      createSession(financed(billing, { paymentMethodFilters: { country } }), soldIn).methods.map((m) => m.contractId ?? m.id);
    expect(ids('ES', 'ES')).toEqual(['card:fake', 'oney-es']);
    expect(refusal(financed('ES', { paymentMethodFilters: { country: 'FR' } }), soldIn).code).toBe('NoProviderForMethod');
    // Sold where no contract serves: dropped, as without nations, whatever the billing country.
    expect(createSession(financed('FR', { paymentMethodFilters: { country: 'DE' } }), soldIn).methods.map((m) => m.id)).toEqual(['card']);
  });

  it('asks for the billing country when only national contracts could price the loan', () => {
    expect(refusal(financed(undefined), national)).toEqual({ code: 'BnplNeedsBillingAddress', message: expect.stringContaining('billing.country') });
    expect(refusal(financed('FR', { billing: undefined }), national)).toEqual({ code: 'BnplNeedsBillingAddress', message: expect.stringMatching(/needs billing:/) });
  });

  it('is not ambiguous between contracts of one provider told apart by nation; contracts at several providers still are', () => {
    const twoProviders = catalog({ fake: { card: WALLET_CAPS, oney: FINANCING_CAPS }, lender: { oney: FINANCING_CAPS } });
    const atTwo = withContracts([CONTRACTS[0]!, ONEY_FR, { ...ONEY_ES, provider: 'lender' }], twoProviders);
    expect(refusal(financed('FR'), atTwo)).toEqual({ code: 'AmbiguousProvider', message: expect.stringContaining('fake, lender') });
    expect(oneyOffer(financed('ES', { methods: [{ method: 'oney', provider: 'lender' }] }), atTwo)).toMatchObject({ provider: 'lender', contractId: 'oney-es' });
  });

  it('leaves contracts without nations as they were: the first that fits prices the loan', () => {
    const plain = withContracts([CONTRACTS[0]!, { ...ONEY_ANY, id: 'first' }, { ...ONEY_ANY, id: 'second' }]);
    expect(oneyOffer(financed('ES'), plain)?.contractId).toBe('first');
    // No billing country: the financing file rule refuses, as it always did.
    expect(refusal(financed(undefined), plain)).toEqual({ code: 'BnplNeedsBillingAddress', message: 'A session offering financing needs billing.country' });
  });
});
