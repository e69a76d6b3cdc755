/** The parts of Apple Pay JS the components use (window.ApplePaySession). */
export interface ApplePaySessionLike {
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: ((event: unknown) => void) | null;
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(result: number | { status: number }): void;
}

export interface ApplePaySessionConstructor {
  new (version: number, request: ApplePayRequest): ApplePaySessionLike;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

export interface ApplePayRequest {
  readonly countryCode: string;
  readonly currencyCode: string;
  readonly supportedNetworks: readonly string[];
  readonly merchantCapabilities: readonly string[];
  readonly total: { readonly label: string; readonly amount: string };
}

/** ApplePaySession where the browser offers it and it can pay; undefined elsewhere (no button then). */
export function applePaySessionOf(win: (Window & typeof globalThis) | null | undefined): ApplePaySessionConstructor | undefined {
  const ctor = (win as unknown as { ApplePaySession?: ApplePaySessionConstructor } | undefined)?.ApplePaySession;
  try {
    return ctor && ctor.canMakePayments() ? ctor : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the merchant session comes from: the merchant's server asks its PSP with the validation URL.
 * Without one, the component completes validation with an empty session, which only a stand-in
 * (the demo, tests) accepts.
 */
export type ValidateMerchant = (validationURL: string) => Promise<unknown>;

export interface ApplePayLegs {
  /** Starts the attempt (first leg); answers its attempt id. */
  start(): Promise<string>;
  /** Sends the wallet's token verbatim (second leg); the verdict comes by polling. */
  confirm(attemptId: string, paymentToken: string): Promise<void>;
  /** The payer closed the sheet after the attempt started. */
  abandon(attemptId: string): Promise<void>;
  failed(error: unknown): void;
}

/**
 * Runs the sheet. Must be called synchronously from the click (Apple Pay's user-gesture rule): the
 * session is created and begun before anything else is awaited.
 */
export function runApplePay(ctor: ApplePaySessionConstructor, request: ApplePayRequest, legs: ApplePayLegs, validateMerchant?: ValidateMerchant): void {
  const session = new ctor(3, request);
  let attemptId: string | undefined;
  let settled = false;
  session.onvalidatemerchant = (event) => {
    void (async () => {
      try {
        attemptId = await legs.start();
        session.completeMerchantValidation(validateMerchant ? await validateMerchant(event.validationURL) : {});
      } catch (error) {
        settled = true;
        session.abort();
        legs.failed(error);
      }
    })();
  };
  session.onpaymentauthorized = (event) => {
    void (async () => {
      if (!attemptId) return;
      try {
        // The token goes as the wallet gave it: serialized once, never read or logged here.
        const token = typeof event.payment.token === 'string' ? event.payment.token : JSON.stringify(event.payment.token);
        await legs.confirm(attemptId, token);
        settled = true;
        session.completePayment(ctor.STATUS_SUCCESS);
      } catch (error) {
        settled = true;
        session.completePayment(ctor.STATUS_FAILURE);
        legs.failed(error);
      }
    })();
  };
  session.oncancel = () => {
    if (settled || !attemptId) return;
    settled = true;
    void legs.abandon(attemptId).catch(legs.failed);
  };
  session.begin();
}
