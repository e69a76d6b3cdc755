import { SplitPayError } from '../client/split-pay-error';
import type { WalletSessionAnswer } from '../client/elements-client';
import { until } from '../testing/dom.fixture';
import { standInApplePay, VALIDATION_URL } from '../testing/apple-pay.fixture';
import type { AttemptStatus } from '../types/session-view';
import { OUTCOME_UNKNOWN, runApplePay, type ApplePayLegs, type ApplePayRequest, type ValidateMerchant } from './apple-pay';

const REQUEST: ApplePayRequest = { countryCode: 'FR', currencyCode: 'EUR', supportedNetworks: ['visa'], merchantCapabilities: ['supports3DS'], total: { label: 'order-1', amount: '120.00' } };
const MERCHANT_SESSION = { epochTimestamp: 1_767_225_600_000, merchantSessionIdentifier: 'SSH0123', signature: 'c2ln', displayName: 'Splitpay Shop' };

/** Legs that record every call; the wallet-session door answers what the test says. */
function legs(door: () => Promise<WalletSessionAnswer>, confirmed: () => Promise<AttemptStatus | typeof OUTCOME_UNKNOWN | undefined> = async () => 'AUTHORIZING') {
  const seen: string[] = [];
  const failures: unknown[] = [];
  const given: ApplePayLegs = {
    start: async () => {
      seen.push('start');
      return 'a1';
    },
    walletSession: async (attemptId, validationURL) => {
      seen.push(`walletSession ${attemptId} ${validationURL}`);
      return door();
    },
    confirm: async (attemptId, token) => {
      seen.push(`confirm ${attemptId} ${token}`);
      return confirmed();
    },
    abandon: async (attemptId) => {
      seen.push(`abandon ${attemptId}`);
    },
    _failed: (error) => failures.push(error),
  };
  return { given, seen, failures };
}

describe('runApplePay: merchant validation', () => {
  it("begins the sheet synchronously, then validates through the service's door for the attempt it started and completes with the PSP's session", async () => {
    const apple = standInApplePay();
    const run = legs(async () => ({ walletSession: MERCHANT_SESSION }));
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given });
    // Nothing awaited before begin (Apple Pay's user-gesture rule).
    expect(apple.sheet.calls).toEqual(['new(3)', 'begin']);

    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    expect(run.seen).toEqual(['start', `walletSession a1 ${VALIDATION_URL}`]);
    expect(apple.sheet.merchantSessions).toEqual([MERCHANT_SESSION]);

    apple.session().onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1' } } } });
    await until(() => apple.sheet.results.length > 0);
    expect(run.seen.at(-1)).toBe(`confirm a1 ${JSON.stringify({ paymentData: { version: 'EC_v1' } })}`);
    expect(apple.sheet.results).toEqual([apple.ctor.STATUS_SUCCESS]);
    expect(run.failures).toEqual([]);
  });

  it("lets the page's own validateMerchant win, handing it the validation URL and the attempt id; the door is not called", async () => {
    const apple = standInApplePay();
    const run = legs(async () => {
      throw new Error('the door must not be called');
    });
    const asked: [string, string][] = [];
    const validateMerchant: ValidateMerchant = async (validationURL, attemptId) => {
      asked.push([validationURL, attemptId]);
      return { fromTheMerchant: true };
    };
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given, validateMerchant });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    expect(asked).toEqual([[VALIDATION_URL, 'a1']]);
    expect(run.seen).toEqual(['start']);
    expect(apple.sheet.merchantSessions).toEqual([{ fromTheMerchant: true }]);
  });

  it('a one-argument validateMerchant (the former signature) still works', async () => {
    const apple = standInApplePay();
    const run = legs(async () => ({}));
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given, validateMerchant: async (validationURL: string) => ({ url: validationURL }) });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    expect(apple.sheet.merchantSessions).toEqual([{ url: VALIDATION_URL }]);
  });

  it('completes with an empty session when the door answers ConfirmNotApplicable (a wallet needing no validation, on an entry that did not say so)', async () => {
    const apple = standInApplePay();
    const run = legs(async () => {
      throw new SplitPayError('ConfirmNotApplicable', 409);
    });
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    expect(run.seen).toEqual(['start', `walletSession a1 ${VALIDATION_URL}`]);
    expect(apple.sheet.merchantSessions).toEqual([{}]);
    expect(apple.sheet.calls).not.toContain('abort');
    expect(run.failures).toEqual([]);
  });

  it("never calls the door when the view's entry says the wallet needs no merchant validation ('none'): an empty session, then the token is confirmed", async () => {
    const apple = standInApplePay();
    const run = legs(async () => {
      throw new Error('the door must not be called');
    });
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given, merchantValidation: 'none' });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    expect(run.seen).toEqual(['start']);
    expect(apple.sheet.merchantSessions).toEqual([{}]);
    apple.session().onpaymentauthorized?.({ payment: { token: { paymentData: { version: 'EC_v1' } } } });
    await until(() => apple.sheet.results.length > 0);
    expect(run.seen).toEqual(['start', `confirm a1 ${JSON.stringify({ paymentData: { version: 'EC_v1' } })}`]);
    expect(apple.sheet.results).toEqual([apple.ctor.STATUS_SUCCESS]);
    expect(apple.sheet.calls).not.toContain('abort');
    expect(run.failures).toEqual([]);
  });

  it("asks the door when the entry says 'service', and when it says nothing (an entry from before the view told it)", async () => {
    for (const merchantValidation of ['service', undefined] as const) {
      const apple = standInApplePay();
      const run = legs(async () => ({ walletSession: MERCHANT_SESSION }));
      runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given, merchantValidation });
      apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
      await until(() => apple.sheet.merchantSessions.length > 0);
      expect(run.seen).toEqual(['start', `walletSession a1 ${VALIDATION_URL}`]);
      expect(apple.sheet.merchantSessions).toEqual([MERCHANT_SESSION]);
    }
  });

  it("lets the page's validateMerchant win over the entry's 'none' as over the door", async () => {
    const apple = standInApplePay();
    const run = legs(async () => {
      throw new Error('the door must not be called');
    });
    runApplePay({
      _sessionConstructor: apple.ctor,
      request: REQUEST,
      legs: run.given,
      validateMerchant: async (validationURL, attemptId) => ({ validationURL, attemptId }),
      merchantValidation: 'none',
    });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    expect(apple.sheet.merchantSessions).toEqual([{ validationURL: VALIDATION_URL, attemptId: 'a1' }]);
    expect(run.seen).toEqual(['start']);
  });

  it('aborts the sheet, abandons the started attempt and reports WalletSessionUnavailable when the PSP opened no session', async () => {
    const apple = standInApplePay();
    const run = legs(async () => ({}));
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => run.failures.length > 0);
    expect(apple.sheet.calls).toEqual(['new(3)', 'begin', 'abort']);
    expect(run.seen).toEqual(['start', `walletSession a1 ${VALIDATION_URL}`, 'abandon a1']);
    expect(run.failures).toEqual([expect.objectContaining({ code: 'WalletSessionUnavailable' })]);
    expect(run.failures[0]).toBeInstanceOf(SplitPayError);

    // The sheet's cancel that may follow the abort abandons nothing more.
    apple.session().oncancel?.({});
    await new Promise((resolve) => setImmediate(resolve));
    expect(run.seen.filter((s) => s.startsWith('abandon'))).toHaveLength(1);
  });

  it('aborts, abandons and reports the error when the door fails', async () => {
    const apple = standInApplePay();
    const run = legs(async () => {
      throw new SplitPayError('NetworkError', 0);
    });
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => run.failures.length > 0);
    expect(apple.sheet.calls).toEqual(['new(3)', 'begin', 'abort']);
    expect(run.seen.at(-1)).toBe('abandon a1');
    expect(run.failures).toEqual([expect.objectContaining({ code: 'NetworkError' })]);
  });

  it('reports the validation failure even when the abandon fails too (the attempt stays in flight, offered to stop)', async () => {
    const apple = standInApplePay();
    const run = legs(async () => ({}));
    const given: ApplePayLegs = {
      ...run.given,
      abandon: async () => {
        throw new SplitPayError('NetworkError', 0);
      },
    };
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: given });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => run.failures.length > 0);
    expect(run.failures).toEqual([expect.objectContaining({ code: 'WalletSessionUnavailable' })]);
  });

  it('a sheet closed while the attempt was starting abandons it once started, and asks for no validation', async () => {
    const apple = standInApplePay();
    const run = legs(async () => ({ walletSession: MERCHANT_SESSION }));
    let release: (id: string) => void = () => undefined;
    const given: ApplePayLegs = {
      ...run.given,
      start: () =>
        new Promise<string>((resolve) => {
          release = resolve;
        }),
    };
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: given });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    apple.session().oncancel?.({});
    release('a1');
    await until(() => run.seen.length > 0);
    expect(run.seen).toEqual(['abandon a1']);
    expect(apple.sheet.merchantSessions).toEqual([]);
  });

  it('a sheet closed while the door was asked is abandoned once, and not completed', async () => {
    const apple = standInApplePay();
    let answer: (a: WalletSessionAnswer) => void = () => undefined;
    const run = legs(() => new Promise<WalletSessionAnswer>((resolve) => (answer = resolve)));
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => run.seen.length === 2);
    apple.session().oncancel?.({});
    answer({ walletSession: MERCHANT_SESSION });
    await until(() => run.seen.length === 3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(run.seen.at(-1)).toBe('abandon a1');
    expect(apple.sheet.merchantSessions).toEqual([]);
    expect(run.failures).toEqual([]);
  });
});

describe('runApplePay: the sheet completed with what the confirm answered', () => {
  const TOKEN = { paymentData: { version: 'EC_v1' } };

  /** A sheet validated, then authorized by the payer; the confirm answers what the test says. */
  async function authorized(confirmed: () => Promise<AttemptStatus | typeof OUTCOME_UNKNOWN | undefined>) {
    const apple = standInApplePay();
    const run = legs(async () => ({ walletSession: MERCHANT_SESSION }), confirmed);
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given });
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    apple.session().onpaymentauthorized?.({ payment: { token: TOKEN } });
    return { apple, run };
  }

  it.each([
    ['DECLINED', 'STATUS_FAILURE'],
    ['CANCELLED', 'STATUS_FAILURE'],
    ['VOIDED', 'STATUS_FAILURE'],
    ['AUTHORIZING', 'STATUS_SUCCESS'],
    ['AUTHORIZED', 'STATUS_SUCCESS'],
    ['CAPTURED', 'STATUS_SUCCESS'],
    [undefined, 'STATUS_SUCCESS'],
  ] as const)('an attempt the confirm answers %s completes the sheet with %s, once', async (status, result) => {
    const { apple, run } = await authorized(async () => status);
    await until(() => apple.sheet.results.length > 0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(apple.sheet.results).toEqual([apple.ctor[result]]);
    expect(run.failures).toEqual([]);
  });

  it('a failed confirm completes the sheet with STATUS_FAILURE and reports the failure', async () => {
    const { apple, run } = await authorized(async () => {
      throw new SplitPayError('InvalidRequest', 400);
    });
    await until(() => run.failures.length > 0);
    expect(apple.sheet.results).toEqual([apple.ctor.STATUS_FAILURE]);
    expect(run.failures).toEqual([expect.objectContaining({ code: 'InvalidRequest' })]);
  });

  const declines = async (): Promise<AttemptStatus> => 'DECLINED';
  const fails = async (): Promise<AttemptStatus> => {
    throw new SplitPayError('NetworkError', 0);
  };
  it("reports a failed confirm even when the sheet refuses to be completed (the browser's own dismissal)", async () => {
    const apple = standInApplePay();
    const run = legs(async () => ({ walletSession: MERCHANT_SESSION }), fails);
    runApplePay({ _sessionConstructor: apple.ctor, request: REQUEST, legs: run.given });
    apple.session().completePayment = () => {
      throw new DOMException('The session is no longer active', 'InvalidAccessError');
    };
    apple.session().onvalidatemerchant?.({ validationURL: VALIDATION_URL });
    await until(() => apple.sheet.merchantSessions.length > 0);
    apple.session().onpaymentauthorized?.({ payment: { token: TOKEN } });
    await until(() => run.failures.length > 0);
    expect(run.failures).toEqual([expect.objectContaining({ code: 'NetworkError' })]);
  });

  const unknown = async (): Promise<typeof OUTCOME_UNKNOWN> => OUTCOME_UNKNOWN;
  it.each([
    ['answers', declines, []],
    ['fails', fails, ['NetworkError']],
    ['has an unknown outcome', unknown, []],
  ] as const)('a sheet closed while the confirm was in flight (Apple gave up) abandons nothing, is neither completed nor aborted, when the confirm %s (D102-f)', async (_case, outcome, reported) => {
    let answer: () => void = () => undefined;
    let settled = false;
    const { apple, run } = await authorized(() =>
      new Promise<void>((resolve) => (answer = resolve))
        .then(outcome)
        .finally(() => (settled = true)),
    );
    await until(() => run.seen.some((s) => s.startsWith('confirm')));
    apple.session().oncancel?.({});
    answer();
    await until(() => settled);
    await new Promise((resolve) => setImmediate(resolve));
    expect(run.seen.filter((s) => s.startsWith('abandon'))).toEqual([]);
    expect(apple.sheet.calls.slice(-1)).toEqual(['completeMerchantValidation']);
    expect(run.failures.map((f) => (f as SplitPayError).code)).toEqual(reported);
  });

  it('a sheet whose abort dispatches its cancel (an outcome unknown) abandons nothing: the confirm may have paid (D102-f)', async () => {
    const { apple, run } = await authorized(unknown);
    const session = apple.session();
    const abort = session.abort.bind(session);
    session.abort = () => {
      abort();
      session.oncancel?.({});
    };
    await until(() => apple.sheet.calls.includes('abort'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(apple.sheet.calls.filter((c) => c === 'abort')).toHaveLength(1);
    expect(run.seen.filter((s) => s.startsWith('abandon'))).toEqual([]);
    expect(apple.sheet.results).toEqual([]);
    expect(run.failures).toEqual([]);
  });
});
