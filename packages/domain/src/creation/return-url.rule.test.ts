import { createSession } from './create-session';
import { CARD_CAPS, catalog, WALLET_CAPS } from '../testing';
import { context, FINANCING_FILE, refusal, request, withContracts } from './creation.fixtures';

const RETURN_URL = 'https://shop.example/back';
const NONE = { returnUrl: undefined };

describe('returnUrl rule: a method that sends the payer to its PSP needs a way back', () => {
  it.each([
    ['paypal', {}],
    ['wero', {}],
    ['ancv', {}],
    ['oney', FINANCING_FILE],
  ] as const)('InvalidRequest naming returnUrl and the method: %s offered without returnUrl', (method, file) => {
    const ctx = withContracts([{ method, provider: 'fake', plans: [{ installments: 3, withFees: false }] }]);
    const { code, message } = refusal(request({ ...file, ...NONE, methods: [{ method, id: `my-${method}` }] }), ctx);
    expect(code).toBe('InvalidRequest');
    expect(message).toContain('returnUrl');
    expect(message).toContain(`my-${method}`);
    expect(message).toContain(method);
    expect(createSession(request({ ...file, methods: [{ method }], returnUrl: RETURN_URL }), ctx).returnUrl).toBe(RETURN_URL);
  });

  it('refuses a card and a redirected method together without returnUrl', () => {
    expect(refusal(request({ ...NONE, methods: [{ method: 'card' }, { method: 'paypal' }] })).message).toContain("'paypal'");
  });

  it('does not ask it of a card, even one whose driver carries 3-D Secure, nor of an in-page wallet', () => {
    const inPage = withContracts([{ method: 'card', provider: 'fake' }, { method: 'applepay', provider: 'fake' }], catalog({ fake: { card: CARD_CAPS, applepay: { ...WALLET_CAPS, redirect: false, confirm: true } } }));
    const session = createSession(request({ ...NONE, methods: [{ method: 'card', threeDSecure: 'sca' }, { method: 'applepay' }] }), inPage);
    expect(session.methods.map((m) => m.method)).toEqual(['card', 'applepay']);
    expect(session.returnUrl).toBeUndefined();
  });

  it("decides from the driver's flow, not the method's name", () => {
    const inPagePaypal = withContracts([{ method: 'paypal', provider: 'fake' }], catalog({ fake: { paypal: { ...WALLET_CAPS, redirect: false } } }));
    expect(createSession(request({ ...NONE, methods: [{ method: 'paypal' }] }), inPagePaypal).methods).toHaveLength(1);
  });

  it('does not ask it for a redirected method the whitelists dropped from the offer', () => {
    const restricted = withContracts([
      { method: 'card', provider: 'fake' },
      { method: 'paypal', provider: 'fake', countries: ['BE'] },
    ]);
    expect(createSession(request({ ...NONE, methods: [{ method: 'card' }, { method: 'paypal' }] }), restricted).methods.map((m) => m.id)).toEqual(['card']);
  });

  it('comes after the financing rules, whose own codes tell more', () => {
    expect(refusal(request({ ...FINANCING_FILE, ...NONE, cartItems: undefined, methods: [{ method: 'oney' }] }), context()).code).toBe('BnplRequiresItemizedCart');
  });
});
