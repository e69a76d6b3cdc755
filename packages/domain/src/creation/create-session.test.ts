import { createSession } from './create-session';
import { CARD_CAPS, catalog, WALLET_CAPS } from '../testing';
import { CONTRACTS, context, FINANCING_FILE, FULL_DETAIL, refusal, request, withContracts } from './creation.fixtures';
import { MAX_METHOD_ENTRIES } from './method-count.rule';
import type { SessionRequest } from './session-request.model';

describe('createSession', () => {
  it('creates a PENDING session at version 1 with nothing captured and the resolved offer', () => {
    const session = createSession(request({ ttlMs: 60_000, methods: [{ method: 'card' }, { method: 'paypal', id: 'pp', label: 'PayPal' }] }), context());
    expect(session).toMatchObject({
      status: 'PENDING',
      version: 1,
      merchantId: 'm1',
      orderId: 'order-1',
      total: { amount: 10_000, currency: 'EUR' },
      captured: { amount: 0, currency: 'EUR' },
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
      expiresAt: 1_700_000_060_000,
      attempts: [],
      elementsTokenHash: 'ab'.repeat(32),
    });
    expect(session.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-/);
    expect(session.methods.map((m) => [m.id, m.method, m.provider, m.label])).toEqual([
      ['card', 'card', 'fake', undefined],
      ['pp', 'paypal', 'fake', 'PayPal'],
    ]);
  });

  it('defaults ttlMs from the context', () => {
    expect(createSession(request(), context({ defaultTtlMs: 900_000 })).expiresAt).toBe(1_700_000_000_000 + 900_000);
  });

  it('takes any lifetime of a second or more that keeps expiresAt a time a Date can hold, as the contract sets no maximum (D105-a)', () => {
    const now = 1_700_000_000_000;
    for (const ttlMs of [48 * 3_600_000, 365 * 24 * 3_600_000, 8.64e15 - now]) {
      expect(createSession(request({ ttlMs }), context()).expiresAt).toBe(now + ttlMs);
    }
  });

  it('refuses with InvalidRequest a lifetime under a second, not an integer, or putting expiresAt past the last Date (D105-a)', () => {
    for (const ttlMs of [999, 1.5e3 + 0.5, Number.NaN]) {
      expect(refusal(request({ ttlMs }))).toEqual({ code: 'InvalidRequest', message: 'ttlMs must be an integer of at least 1000' });
    }
    for (const ttlMs of [8.64e15 - 1_700_000_000_000 + 1, Number.MAX_SAFE_INTEGER]) {
      expect(refusal(request({ ttlMs }))).toEqual({
        code: 'InvalidRequest',
        message: `ttlMs must be at most ${8.64e15 - 1_700_000_000_000}: expiresAt would pass the last representable time (8640000000000000 ms since 1970)`,
      });
    }
    expect(refusal(request(), context({ defaultTtlMs: Number.MAX_SAFE_INTEGER })).code).toBe('InvalidRequest');
  });

  it('snapshots the driver capabilities and computes partialRefunds from contract and driver', () => {
    const noSlices = catalog({ fake: { card: { ...CARD_CAPS, partialRefund: false }, paypal: WALLET_CAPS } });
    const [card, paypal] = createSession(request({ methods: [{ method: 'card' }, { method: 'paypal' }] }), context({ psps: noSlices })).methods;
    expect(card?.capabilities).toEqual({ ...CARD_CAPS, partialRefund: false });
    expect(card?.partialRefunds).toBe(false);
    expect(paypal?.partialRefunds).toBe(true);
    const noContractSlices = withContracts([{ method: 'card', provider: 'fake', partialRefunds: false }]);
    expect(createSession(request(), noContractSlices).methods[0]?.partialRefunds).toBe(false);
  });

  it('snapshots what the driver does under the chosen contract when its settings decide (a hold or a direct payment)', () => {
    const sale = { ...WALLET_CAPS, operation: 'payment' as const, void: false };
    const perContract = {
      carries: (p: string) => p === 'psp',
      driver: () => ({ capabilities: WALLET_CAPS, capabilitiesFor: (s: Readonly<Record<string, unknown>>) => (s.operation === 'payment' ? sale : WALLET_CAPS) }),
    };
    const offerUnder = (settings?: Record<string, unknown>) =>
      createSession(request({ methods: [{ method: 'wero' }] }), context({ psps: perContract, account: { ...context().account, contracts: [{ method: 'wero', provider: 'psp', ...(settings ? { settings } : {}) }] } })).methods[0];
    expect(offerUnder({ operation: 'payment' })?.capabilities).toEqual(sale);
    expect(offerUnder({ operation: 'authorization' })?.capabilities).toEqual(WALLET_CAPS);
    expect(offerUnder()?.capabilities).toEqual(WALLET_CAPS);
  });

  describe('card terms', () => {
    it('takes the contract schemes when omitted, the listed ones in order otherwise, every scheme when the contract names none', () => {
      expect(createSession(request(), context()).methods[0]?.schemes).toEqual(['cb', 'visa', 'mastercard']);
      expect(createSession(request({ methods: [{ method: 'card', schemes: ['visa', 'cb'] }] }), context()).methods[0]?.schemes).toEqual(['visa', 'cb']);
      const bare = withContracts([{ method: 'card', provider: 'fake' }]);
      expect(createSession(request(), bare).methods[0]?.schemes).toHaveLength(9);
    });

    it('defaults threeDSecure to sca and cardHolder to off, and enables partialAuth only when the contract carries it', () => {
      const offer = createSession(request({ methods: [{ method: 'card', partialAuth: true }] }), context()).methods[0];
      expect(offer).toMatchObject({ threeDSecure: 'sca', cardHolder: false, partialAuth: true });
      const noPartial = withContracts([{ method: 'card', provider: 'fake', partialAuth: false }]);
      expect(createSession(request({ methods: [{ method: 'card', partialAuth: true }] }), noPartial).methods[0]?.partialAuth).toBe(false);
      expect(createSession(request(), context()).methods[0]?.partialAuth).toBe(false);
    });
  });

  describe('notification address', () => {
    it("is the session's own, else the account's, else none", () => {
      expect(createSession(request({ notificationUrl: 'https://own.example/n' }), context()).notification).toEqual({ url: 'https://own.example/n' });
      expect(createSession(request(), context()).notification).toEqual({ url: 'https://merchant.example/hooks' });
      const none = context({ account: { merchantId: context().account.merchantId, contracts: CONTRACTS } });
      expect(createSession(request(), none).notification).toBeUndefined();
    });

    it('InvalidNotificationUrl: an address of its own on an account that agreed no authorization value', () => {
      const unagreed = context({ account: { merchantId: context().account.merchantId, contracts: CONTRACTS } });
      expect(() => createSession(request({ notificationUrl: 'https://own.example/n' }), unagreed)).toThrow(expect.objectContaining({ code: 'InvalidNotificationUrl' }));
    });
  });

  describe('refusals', () => {
    it('InvalidOrderReference: empty or longer than 31 characters', () => {
      expect(refusal(request({ orderId: '' })).code).toBe('InvalidOrderReference');
      expect(refusal(request({ orderId: 'x'.repeat(32) })).code).toBe('InvalidOrderReference');
      expect(createSession(request({ orderId: 'x'.repeat(31) }), context()).orderId).toHaveLength(31);
    });

    it('InvalidOrderReference: an orderId of only white space (no order to reconcile against)', () => {
      for (const orderId of ['   ', '\t', '\u00a0\u2003']) expect(refusal(request({ orderId })).code).toBe('InvalidOrderReference');
      expect(createSession(request({ orderId: ' order 7 ' }), context()).orderId).toBe(' order 7 ');
    });

    it(`InvalidRequest: more than ${MAX_METHOD_ENTRIES} method entries, however distinct`, () => {
      const entries = (count: number) => Array.from({ length: count }, (_, i) => ({ method: 'card' as const, id: `card-${i}` }));
      expect(refusal(request({ methods: entries(MAX_METHOD_ENTRIES + 1) }))).toEqual({
        code: 'InvalidRequest',
        message: `methods must have at most ${MAX_METHOD_ENTRIES} entries (it has ${MAX_METHOD_ENTRIES + 1})`,
      });
      expect(createSession(request({ methods: entries(MAX_METHOD_ENTRIES) }), context()).methods).toHaveLength(MAX_METHOD_ENTRIES);
    });

    it('DuplicateMethodId: two entries with one instance key, the method name being the default', () => {
      expect(refusal(request({ methods: [{ method: 'card' }, { method: 'card' }] })).code).toBe('DuplicateMethodId');
      expect(refusal(request({ methods: [{ method: 'card' }, { method: 'paypal', id: 'card' }] })).code).toBe('DuplicateMethodId');
      expect(createSession(request({ methods: [{ method: 'card' }, { method: 'card', id: 'card-2' }] }), context()).methods).toHaveLength(2);
    });

    it('UnknownProvider: a named provider the platform does not carry (or carries without that method)', () => {
      expect(refusal(request({ methods: [{ method: 'card', provider: 'nopsp' }] }))).toEqual({
        code: 'UnknownProvider',
        message: expect.stringContaining('nopsp'),
      });
      expect(refusal(request({ methods: [{ method: 'paypal', provider: 'adyen' }] })).code).toBe('UnknownProvider');
    });

    it('ProviderNotContracted: a carried provider the account holds no contract with for that method', () => {
      expect(refusal(request({ methods: [{ method: 'card', provider: 'adyen' }] })).code).toBe('ProviderNotContracted');
    });

    it('AmbiguousProvider: no provider named and contracts at several providers fit; the message lists them', () => {
      const two = withContracts([...CONTRACTS, { method: 'card', provider: 'adyen' }]);
      const { code, message } = refusal(request(), two);
      expect(code).toBe('AmbiguousProvider');
      expect(message).toContain('fake');
      expect(message).toContain('adyen');
      expect(createSession(request({ methods: [{ method: 'card', provider: 'adyen' }] }), two).methods[0]?.provider).toBe('adyen');
    });

    it('NoProviderForMethod: no provider named and no contract serves the method', () => {
      expect(refusal(request({ methods: [{ method: 'wero' }] })).code).toBe('NoProviderForMethod');
    });

    it('InvalidNotificationUrl: not a URL, or plain http on a public host', () => {
      expect(refusal(request({ notificationUrl: 'not a url' })).code).toBe('InvalidNotificationUrl');
      expect(refusal(request({ notificationUrl: 'http://merchant.example/n' })).code).toBe('InvalidNotificationUrl');
    });

    it('UnknownBnplPlan: a named plan the lender contract does not offer', () => {
      const req = request({ ...FINANCING_FILE, methods: [{ method: 'oney', plans: [{ installments: 10, withFees: true }] }] });
      expect(refusal(req).code).toBe('UnknownBnplPlan');
    });

    it('DuplicatePlan: one plan twice on a method', () => {
      const plan = { installments: 3, withFees: false };
      expect(refusal(request({ ...FINANCING_FILE, methods: [{ method: 'oney', plans: [plan, plan] }] })).code).toBe('DuplicatePlan');
    });

    it('BnplRequiresItemizedCart: financing without cart lines, or with a line not fully itemized', () => {
      const financed = { ...FINANCING_FILE, methods: [{ method: 'oney' as const }] };
      expect(refusal(request({ ...financed, cartItems: undefined })).code).toBe('BnplRequiresItemizedCart');
      expect(refusal(request({ ...financed, cartItems: [] })).code).toBe('BnplRequiresItemizedCart');
      const line = { label: 'TV', quantity: 1, amount: { amount: 10_000, currency: 'EUR' } };
      expect(refusal(request({ ...financed, cartItems: [line] })).message).toContain('cartItems[0].detail');
      const { speed: _speed, ...delivery } = FULL_DETAIL.delivery;
      const partial = { ...line, detail: { ...FULL_DETAIL, delivery } };
      expect(refusal(request({ ...financed, cartItems: [{ ...line, detail: FULL_DETAIL }, partial] }))).toEqual({
        code: 'BnplRequiresItemizedCart',
        message: expect.stringContaining('cartItems[1].detail.delivery.speed'),
      });
    });

    it('BnplNeedsBillingAddress: financing without the billing file; the message names the first missing field', () => {
      const financed = { ...FINANCING_FILE, methods: [{ method: 'oney' as const }] };
      expect(refusal(request({ ...financed, billing: undefined }))).toEqual({ code: 'BnplNeedsBillingAddress', message: expect.stringMatching(/needs billing$/) });
      const { postalCode: _p, ...billing } = FINANCING_FILE.billing!;
      expect(refusal(request({ ...financed, billing }))).toEqual({ code: 'BnplNeedsBillingAddress', message: expect.stringContaining('billing.postalCode') });
      expect(refusal(request({ ...financed, customer: undefined })).message).toMatch(/needs customer$/);
      expect(refusal(request({ ...financed, customer: { firstName: 'Ada', lastName: 'L' } })).message).toContain('customer.email');
      expect(createSession(request(financed), context()).methods[0]?.plans).toHaveLength(2);
    });

    it('AliasNeedsRegistrableMethod: mustCreateAlias and no declared method can register', () => {
      expect(refusal(request({ mustCreateAlias: true, methods: [{ method: 'paypal' }] })).code).toBe('AliasNeedsRegistrableMethod');
      const cannot = context({ psps: catalog({ fake: { card: { ...CARD_CAPS, aliasRegistration: false } } }) });
      expect(refusal(request({ methods: [{ method: 'card', createAlias: { mode: 'oneclick', recurringFrequency: 30, recurringExpiry: '2030-12-31' } }] }), cannot).code).toBe(
        'AliasNeedsRegistrableMethod',
      );
      expect(createSession(request({ mustCreateAlias: true, methods: [{ method: 'card' }, { method: 'paypal' }] }), context()).mustCreateAlias).toBe(true);
    });

    it('AliasRequiresChallenge: createAlias or mustCreateAlias with threeDSecure frictionless', () => {
      const createAlias = { mode: 'subscription' as const, recurringFrequency: 30, recurringExpiry: '2030-12-31' };
      expect(refusal(request({ methods: [{ method: 'card', createAlias, threeDSecure: 'frictionless' }] })).code).toBe('AliasRequiresChallenge');
      expect(refusal(request({ mustCreateAlias: true, methods: [{ method: 'card', threeDSecure: 'frictionless' }] })).code).toBe('AliasRequiresChallenge');
      expect(createSession(request({ methods: [{ method: 'card', threeDSecure: 'frictionless' }] }), context()).methods[0]?.threeDSecure).toBe('frictionless');
      expect(createSession(request({ methods: [{ method: 'card', createAlias }] }), context()).methods[0]?.createAlias).toEqual(createAlias);
    });

    it("InvalidRequest: a card registration whose last day (recurringExpiry) is before the creation's day (UTC)", () => {
      // context(): now is 2023-11-14T22:13:20Z.
      const alias = (recurringExpiry: string) => request({ methods: [{ method: 'card', createAlias: { mode: 'subscription', recurringFrequency: 30, recurringExpiry } }] });
      for (const past of ['2001-01-01', '2023-11-13']) {
        expect(refusal(alias(past))).toEqual({
          code: 'InvalidRequest',
          message: `methods[0].createAlias.recurringExpiry ${past} is before today (2023-11-14, UTC): the registration could never be used`,
        });
      }
      for (const usable of ['2023-11-14', '2023-11-15', '2030-12-31']) {
        expect(createSession(alias(usable), context()).methods[0]?.createAlias?.recurringExpiry).toBe(usable);
      }
      const second = request({ methods: [{ method: 'paypal' }, { method: 'card', createAlias: { mode: 'oneclick', recurringFrequency: 1, recurringExpiry: '2023-01-01' } }] });
      expect(refusal(second).message).toMatch(/^methods\[1\]\.createAlias\.recurringExpiry /);
    });

    it('InvalidRequest: a range whose min exceeds its max, a cart line in another currency', () => {
      expect(refusal(request({ methods: [{ method: 'card', range: { min: 500, max: 100 } }] })).code).toBe('InvalidRequest');
      const line = { label: 'TV', quantity: 1, amount: { amount: 10_000, currency: 'USD' } };
      expect(refusal(request({ cartItems: [line] })).message).toContain('cartItems[0].amount.currency');
    });
  });

  describe('contract whitelists', () => {
    const restricted = withContracts([
      { method: 'card', provider: 'fake' },
      { method: 'paypal', provider: 'fake', countries: ['FR', 'BE'] },
      { method: 'oney', provider: 'fake', channels: ['web'], plans: [{ installments: 3, withFees: false }] },
    ]);
    const all = { ...FINANCING_FILE, methods: [{ method: 'card' as const }, { method: 'paypal' as const }, { method: 'oney' as const }] };

    it('drops a method restricted to countries or channels when paymentMethodFilters says nothing of them', () => {
      expect(createSession(request(all), restricted).methods.map((m) => m.id)).toEqual(['card']);
    });

    it('serves it when the filters name a whitelisted value, and drops it for another one', () => {
      const ids = (filters: SessionRequest['paymentMethodFilters']): string[] =>
        createSession(request({ ...all, paymentMethodFilters: filters }), restricted).methods.map((m) => m.id);
      expect(ids({ country: 'FR', channel: 'web' })).toEqual(['card', 'paypal', 'oney']);
      expect(ids({ country: 'DE', channel: 'web' })).toEqual(['card', 'oney']);
      expect(ids({ country: 'BE', channel: 'WEB' })).toEqual(['card', 'paypal']);
    });

    it('does not apply financing rules to a financing method that was dropped', () => {
      const session = createSession(request({ methods: [{ method: 'card' }, { method: 'oney' }] }), restricted);
      expect(session.methods.map((m) => m.id)).toEqual(['card']);
    });

    it('counts only fitting contracts when deciding ambiguity', () => {
      const split = withContracts([
        { method: 'card', provider: 'fake', countries: ['FR'] },
        { method: 'card', provider: 'adyen', countries: ['DE'] },
      ]);
      expect(createSession(request({ paymentMethodFilters: { country: 'DE' } }), split).methods[0]?.provider).toBe('adyen');
      expect(refusal(request({ paymentMethodFilters: { country: 'DE' } }), withContracts([...CONTRACTS, { method: 'card', provider: 'adyen' }])).code).toBe(
        'AmbiguousProvider',
      );
    });

    it('remembers the contract it chose, even among several contracts of one method and provider', () => {
      const two = withContracts([
        { id: 'card-fr', method: 'card', provider: 'fake', countries: ['FR'] },
        { id: 'card-de', method: 'card', provider: 'fake', countries: ['DE'] },
      ]);
      expect(createSession(request({ paymentMethodFilters: { country: 'DE' } }), two).methods[0]?.contractId).toBe('card-de');
      expect(createSession(request({ paymentMethodFilters: { country: 'FR' } }), two).methods[0]?.contractId).toBe('card-fr');
      expect(createSession(request(), withContracts([{ method: 'card', provider: 'fake' }])).methods[0]?.contractId).toBe('card:fake');
    });

    it('refuses with NoProviderForMethod when the whitelists leave no method at all', () => {
      const { code, message } = refusal(request({ methods: [{ method: 'paypal' }] }), restricted);
      expect(code).toBe('NoProviderForMethod');
      expect(message).toMatch(/countries or channels/);
    });
  });
});
