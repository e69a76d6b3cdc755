import { createSession } from '../creation/create-session';
import { context, FINANCING_FILE, request, withContracts } from '../creation/creation.fixtures';
import { isDomainError } from '../errors/domain-error';
import { startAttempt } from '../session/start-attempt';
import type { Session } from '../session/session.model';
import { ctxAt } from '../session/session.fixture';
import { CARD_CAPS, catalog, WALLET_CAPS } from '../testing';
import { methodEligibility } from './method-eligibility.rule';
import { unusableWithoutReturnUrl } from './return-url.rule';

const RETURN_URL = 'https://shop.example/back';
const NONE = { returnUrl: undefined };
const NOW = 1_700_000_000_000;

const offerOf = (session: Session, id: string) => session.methods.find((m) => m.id === id)!;

/** The code and message startAttempt refused with. */
function startRefusal(session: Session, methodId: string): { code: string; message: string } {
  try {
    startAttempt(session, { methodId, amount: 1_000 }, ctxAt(NOW));
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('startAttempt did not refuse');
}

describe('returnUrl rule: a method that sends the payer to its PSP is used only with a way back', () => {
  it.each([
    ['paypal', {}],
    ['wero', {}],
    ['ancv', {}],
    ['oney', FINANCING_FILE],
  ] as const)('creation accepts %s without returnUrl; the method is ineligible, and eligible with one', (method, file) => {
    const ctx = withContracts([{ method: 'card', provider: 'fake' }, { method, provider: 'fake', plans: [{ installments: 3, withFees: false }] }]);
    const without = createSession(request({ ...file, ...NONE, methods: [{ method: 'card' }, { method, id: `my-${method}` }] }), ctx);
    expect(without.returnUrl).toBeUndefined();
    expect(methodEligibility(without, offerOf(without, `my-${method}`))).toEqual({ eligible: false, reason: 'no-return-url' });
    expect(methodEligibility(without, offerOf(without, 'card'))).toEqual({ eligible: true });
    expect(unusableWithoutReturnUrl(without).map((m) => m.id)).toEqual([`my-${method}`]);
    const withIt = createSession(request({ ...file, methods: [{ method, id: `my-${method}` }], returnUrl: RETURN_URL }), ctx);
    expect(methodEligibility(withIt, offerOf(withIt, `my-${method}`))).toEqual({ eligible: true });
    expect(unusableWithoutReturnUrl(withIt)).toEqual([]);
  });

  it('refuses starting such a method (MethodNotEligible naming returnUrl); a card still starts', () => {
    const session = createSession(request({ ...NONE, methods: [{ method: 'card' }, { method: 'paypal', id: 'pp' }] }), context());
    const { code, message } = startRefusal(session, 'pp');
    expect(code).toBe('MethodNotEligible');
    expect(message).toContain('pp');
    expect(message).toContain('returnUrl');
    expect(startAttempt(session, { methodId: 'card', amount: 1_000 }, ctxAt(NOW)).session.attempts).toHaveLength(1);
  });

  it('does not ask it of a card, even one whose driver carries 3-D Secure, nor of an in-page wallet', () => {
    const inPage = withContracts([{ method: 'card', provider: 'fake' }, { method: 'applepay', provider: 'fake' }], catalog({ fake: { card: CARD_CAPS, applepay: { ...WALLET_CAPS, redirect: false, confirm: true } } }));
    const session = createSession(request({ ...NONE, methods: [{ method: 'card', threeDSecure: 'sca' }, { method: 'applepay' }] }), inPage);
    expect(session.methods.map((m) => methodEligibility(session, m).eligible)).toEqual([true, true]);
    expect(unusableWithoutReturnUrl(session)).toEqual([]);
  });

  it("decides from the driver's flow, not the method's name", () => {
    const inPagePaypal = withContracts([{ method: 'paypal', provider: 'fake' }], catalog({ fake: { paypal: { ...WALLET_CAPS, redirect: false } } }));
    const session = createSession(request({ ...NONE, methods: [{ method: 'paypal' }] }), inPagePaypal);
    expect(methodEligibility(session, session.methods[0]!)).toEqual({ eligible: true });
  });

  it('says nothing of a redirected method the whitelists dropped from the offer', () => {
    const restricted = withContracts([
      { method: 'card', provider: 'fake' },
      { method: 'paypal', provider: 'fake', countries: ['BE'] },
    ]);
    expect(unusableWithoutReturnUrl(createSession(request({ ...NONE, methods: [{ method: 'card' }, { method: 'paypal' }] }), restricted))).toEqual([]);
  });
});
