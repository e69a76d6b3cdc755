import { SplitPayError } from '../client/split-pay-error';
import type { WalletSessionAnswer } from '../client/elements-client';
import type { AttemptStatus, MerchantValidation, SessionView } from '../types/session-view';

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
 * The page's own merchant validation: its server asks its PSP with the validation URL and answers the
 * merchant session. The id of the attempt the sheet started comes second. Without it, the component
 * asks the service's wallet-session door.
 */
export type ValidateMerchant = (validationURL: string, attemptId: string) => Promise<unknown>;

/** A confirm whose answer was lost while the attempt is still in flight: neither done nor failed. */
export const OUTCOME_UNKNOWN = 'UNKNOWN';

export interface ApplePayLegs {
  /** Starts the attempt (first leg); answers its attempt id. */
  start(): Promise<string>;
  /** The service's wallet-session door for the started attempt, with the sheet's validation URL. */
  walletSession(attemptId: string, validationURL: string): Promise<WalletSessionAnswer>;
  /**
   * Sends the wallet's token verbatim (second leg); answers the attempt's status as the confirm's
   * answer tells it (a PSP that refuses at once already says DECLINED there), undefined when the
   * answer does not show it. A verdict still pending comes by polling. OUTCOME_UNKNOWN: the answer was
   * lost and the view still shows the attempt in flight (D102-d).
   */
  confirm(attemptId: string, paymentToken: string): Promise<AttemptStatus | typeof OUTCOME_UNKNOWN | undefined>;
  /** The payer closed the sheet after the attempt started, or its merchant validation failed. */
  abandon(attemptId: string): Promise<void>;
  _failed(error: unknown): void;
}

/**
 * The merchant session for the sheet: the page's own validation when it gives one; else an empty
 * session when the view's entry says the wallet's PSP needs no validation (`merchantValidation:
 * 'none'`, the fake provider's), without asking the door; else the service's door. A door that
 * answers ConfirmNotApplicable (an entry that does not say, from a session created before the view
 * told it) also means no validation: an empty session then. A door that answers none fails
 * (WalletSessionUnavailable).
 */
export async function merchantSessionFor(
  legs: Pick<ApplePayLegs, 'walletSession'>,
  attemptId: string,
  validationURL: string,
  validateMerchant?: ValidateMerchant,
  merchantValidation?: MerchantValidation,
): Promise<unknown> {
  if (validateMerchant) return validateMerchant(validationURL, attemptId);
  if (merchantValidation === 'none') return {};
  let answer: WalletSessionAnswer;
  try {
    answer = await legs.walletSession(attemptId, validationURL);
  } catch (error) {
    if (error instanceof SplitPayError && error.code === 'ConfirmNotApplicable') return {};
    throw error;
  }
  if (!answer.walletSession) throw new SplitPayError('WalletSessionUnavailable', 0);
  return answer.walletSession;
}

/**
 * Whether the sheet closes as done (STATUS_SUCCESS) for the attempt's status the confirm answered:
 * not for an attempt refused or withdrawn, nor for a hold already handed back; yes for a hold, a
 * payment, and a verdict still pending (the sheet must close either way; the page then shows the
 * payment being confirmed, and its verdict once it comes, D87).
 */
export function sheetSaysDone(status: AttemptStatus | undefined): boolean {
  return status === undefined || SHEET_DONE[status];
}

// A record rather than a switch: every status must be listed (the compiler says so), in fewer bytes.
const SHEET_DONE: Readonly<Record<AttemptStatus, boolean>> = { DECLINED: false, CANCELLED: false, VOIDED: false, AUTHORIZING: true, AUTHORIZED: true, CAPTURED: true };

/** One sheet as the page holds it. */
export interface ApplePaySheet {
  /** Not over yet: neither closed, aborted, nor completed. */
  _open(): boolean;
  /**
   * Aborts the sheet whose started attempt waits for its token once `view` shows it can no longer
   * pay: the session no longer pending, or the attempt over. Without a view (the page goes away, or
   * the service refused its elements token, D142-a), aborts it whatever it waits for. No cancel is reported for it, nothing abandoned.
   */
  _end(view?: SessionView): void;
}

/** What runs one Apple Pay sheet. */
export interface ApplePayRun {
  /** The browser's ApplePaySession. */
  readonly _sessionConstructor: ApplePaySessionConstructor;
  /** What the sheet shows and accepts. */
  readonly request: ApplePayRequest;
  readonly legs: ApplePayLegs;
  /** The page's own merchant validation, when it gives one. */
  readonly validateMerchant?: ValidateMerchant;
  /** The view entry's: whether the wallet's PSP needs a merchant validation at all. */
  readonly merchantValidation?: MerchantValidation;
}

/**
 * Runs the sheet. Must be called synchronously from the click (Apple Pay's user-gesture rule): the
 * session is created and begun before anything else is awaited. An attempt the sheet started is
 * either confirmed or abandoned: when the payer closes the sheet, and when its merchant validation
 * fails (the sheet is aborted, the failure reported). Once the token is sent, the sheet is completed
 * with what the confirm answered, failed when the confirm fails, aborted (no verdict) when its outcome is
 * unknown. A sheet closed once the token is sent (Apple gives up after 30 seconds, an abort that
 * dispatches a cancel) is not completed and abandons nothing: the token may have paid, so the page
 * shows the attempt in flight and polls for its verdict (D102-f). A sheet the browser refuses to open
 * (Safari: another payment sheet is up) is a failure reported as WalletSessionUnavailable (D128).
 */
export function runApplePay({ _sessionConstructor: ctor, request, legs, validateMerchant, merchantValidation }: ApplePayRun): ApplePaySheet {
  let session: ApplePaySessionLike;
  let attemptId: string | undefined;
  /** The sheet is over: closed by the payer, aborted, or its payment completed. */
  let over = false;
  /** Aborts the sheet unless it is over already (then false). Over first: a sheet whose abort dispatches its cancel must find it over. */
  const abort = (): boolean => !over && ((over = true), session.abort(), true);
  const complete = (done: boolean): void => {
    if (over) return;
    over = true;
    try {
      session.completePayment(done ? ctor.STATUS_SUCCESS : ctor.STATUS_FAILURE);
    } catch {
      // A sheet the browser already dismissed may refuse it; the page tells the outcome either way.
    }
  };
  const abandon = (id: string): void => void legs.abandon(id).catch(legs._failed);
  const sheet: ApplePaySheet = {
    _open: () => !over,
    _end: (view) => {
      // No attempt: not started yet (a start refused aborts the sheet), or its token is sent (the confirm's answer closes it).
      if (!view || (attemptId && (view.status !== 'PENDING' || view.attempts.some((a) => a.attemptId === attemptId && a.status !== 'AUTHORIZING')))) abort();
    },
  };
  // Safari refuses a second sheet (another is up) when it is created or begun: nothing else can throw here.
  try {
    session = new ctor(3, request);
    session.onvalidatemerchant = (event) => {
      void (async () => {
        let started: string;
        try {
          started = attemptId = await legs.start();
        } catch (error) {
          if (abort()) legs._failed(error);
          return;
        }
        // Closed while the attempt was starting: oncancel had nothing to abandon yet.
        if (over) return abandon(started);
        try {
          const merchantSession = await merchantSessionFor(legs, started, event.validationURL, validateMerchant, merchantValidation);
          if (over) return;
          session.completeMerchantValidation(merchantSession);
        } catch (error) {
          if (!abort()) return;
          // Abandoned before the failure is told, so the view the abandon answers does not hide it. An
          // abandon that fails leaves the attempt in flight, offered to stop in the ledger.
          await legs.abandon(started).catch(() => undefined);
          legs._failed(error);
        }
      })();
    };
    session.onpaymentauthorized = (event) => {
      void (async () => {
        const id = attemptId;
        if (!id || over) return;
        // The token may pay from now on: the attempt is no longer the sheet's to abandon (D102-f).
        attemptId = undefined;
        try {
          // The token goes as the wallet gave it: serialized once, never read or logged here.
          const token = typeof event.payment.token === 'string' ? event.payment.token : JSON.stringify(event.payment.token);
          const status = await legs.confirm(id, token);
          // Neither verdict is known: the sheet closes without one, the page tells it when it comes (D102-d).
          if (status !== OUTCOME_UNKNOWN) complete(sheetSaysDone(status));
          else abort();
        } catch (error) {
          complete(false);
          legs._failed(error);
        }
      })();
    };
    session.oncancel = () => {
      if (over) return;
      over = true;
      if (attemptId) abandon(attemptId);
    };
    session.begin();
  } catch {
    over = true;
    legs._failed(new SplitPayError('WalletSessionUnavailable', 0));
  }
  return sheet;
}
