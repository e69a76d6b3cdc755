import type { ApplePayRequest, ApplePaySessionConstructor, ApplePaySessionLike } from '../flows/apple-pay';

/** What the stand-in sheet was asked, in order. */
export interface SheetRecord {
  readonly request?: ApplePayRequest;
  readonly calls: string[];
  readonly merchantSessions: unknown[];
  readonly results: unknown[];
}

/**
 * A stand-in of Safari's ApplePaySession: it records what the component asks and lets the test fire
 * the sheet's events (`validate`, `authorize`, `cancel`) on the last session created.
 */
export function standInApplePay(): { ctor: ApplePaySessionConstructor; sheet: SheetRecord; session(): ApplePaySessionLike } {
  const sheet: SheetRecord & { request?: ApplePayRequest } = { calls: [], merchantSessions: [], results: [] };
  let last: ApplePaySessionLike | undefined;
  class StandIn implements ApplePaySessionLike {
    static readonly STATUS_SUCCESS = 0;
    static readonly STATUS_FAILURE = 1;
    static canMakePayments(): boolean {
      return true;
    }
    onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionLike['oncancel'] = null;
    constructor(version: number, request: ApplePayRequest) {
      sheet.calls.push(`new(${version})`);
      sheet.request = request;
      last = this;
    }
    begin(): void {
      sheet.calls.push('begin');
    }
    abort(): void {
      sheet.calls.push('abort');
    }
    completeMerchantValidation(merchantSession: unknown): void {
      sheet.calls.push('completeMerchantValidation');
      sheet.merchantSessions.push(merchantSession);
    }
    completePayment(result: number | { status: number }): void {
      sheet.calls.push('completePayment');
      sheet.results.push(result);
    }
  }
  return {
    ctor: StandIn,
    sheet,
    session: () => {
      if (!last) throw new Error('no Apple Pay session was created');
      return last;
    },
  };
}

export const VALIDATION_URL = 'https://apple-pay-gateway.apple.com/paymentservices/startSession';
