import type { PlanKey, SessionView } from '../types/session-view';
import { SplitPayError } from './split-pay-error';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** What a start sends as `input`: the fake card form, a hosted-fields token, or the method alone. */
export type StartInput =
  | { readonly method: 'card'; readonly cardNumber: string; readonly expiry: string; readonly cvc: string; readonly holder?: string }
  | { readonly method: 'card'; readonly token: string }
  | { readonly method: 'applepay' | 'paypal' | 'wero' | 'oney' | 'ancv' };

export interface StartBody {
  readonly methodId: string;
  readonly amount: number;
  readonly plan?: PlanKey;
  readonly input?: StartInput;
}

export interface ViewAnswer {
  readonly view: SessionView;
  readonly attemptId?: string;
}

/** What the wallet-session door sends: the page's host name, and the sheet's validation URL when it has one. */
export interface WalletSessionInput {
  readonly domainName: string;
  readonly validationUrl?: string;
}

/** The PSP's merchant session for the sheet, as is; none when the PSP opened none (abort the sheet). */
export interface WalletSessionAnswer {
  readonly walletSession?: Readonly<Record<string, unknown>>;
}

/**
 * How long a request that drives a payment (a start, a wallet confirm) may go unanswered before the page
 * stops waiting for it and treats it as an answer lost on the way (NetworkError): the view is read
 * again, nothing is sent again blindly (docs/decisions.md D97). Longer than the service's own bound on
 * a PSP call (15 s by default) plus its saves; shorter than the 30 s Apple gives a sheet to be completed.
 */
export const PAYMENT_REQUEST_WITHIN_MS = 20_000;

/**
 * How long a read of the view (a poll, the read after a lost answer, the wait for a verdict such as
 * 3-D Secure's) may go unanswered: past it the read is a NetworkError ("no answer in time") like a
 * failed one, the page says the service cannot be reached and reads again (D102-b). D97's bound.
 */
export const READ_WITHIN_MS = PAYMENT_REQUEST_WITHIN_MS;

export interface ElementsClientOptions {
  readonly baseUrl: string;
  readonly elementsToken: string;
  readonly fetch?: FetchLike;
}

/** The path of one of an attempt's doors. */
const attemptDoor = (attemptId: string, door: string): string => `/elements/session/attempts/${encodeURIComponent(attemptId)}/${door}`;

/**
 * The elements doors, typed. The elements token is the only credential sent; no cookie goes with
 * the calls (`credentials: 'omit'`).
 */
export class ElementsClient {
  private readonly _base: string;
  private readonly _doFetch: FetchLike;

  constructor(private readonly _options: ElementsClientOptions) {
    this._base = this._options.baseUrl.replace(/\/+$/, '');
    const given = this._options.fetch;
    this._doFetch = given ?? ((input, init) => globalThis.fetch(input, init));
  }

  view(signal?: AbortSignal): Promise<ViewAnswer> {
    return this._call('GET', '/elements/session', undefined, signal, isViewAnswer, undefined, READ_WITHIN_MS);
  }

  /** `pressKey`, one per press of Pay (sent again with a repeat of that press): the service answers a repeat with the attempt it made. */
  start(body: StartBody, signal?: AbortSignal, pressKey?: string): Promise<ViewAnswer> {
    return this._call('POST', '/elements/session/attempts', body, signal, isViewAnswer, pressKey, PAYMENT_REQUEST_WITHIN_MS);
  }

  cancel(attemptId: string, signal?: AbortSignal): Promise<ViewAnswer> {
    return this._call('POST', attemptDoor(attemptId, 'cancel'), undefined, signal);
  }

  abandonAttempt(attemptId: string, signal?: AbortSignal): Promise<ViewAnswer> {
    return this._call('POST', attemptDoor(attemptId, 'abandon'), undefined, signal);
  }

  acceptPartial(attemptId: string, signal?: AbortSignal): Promise<ViewAnswer> {
    return this._call('POST', attemptDoor(attemptId, 'accept-partial'), undefined, signal);
  }

  confirm(attemptId: string, paymentToken: string, signal?: AbortSignal): Promise<ViewAnswer> {
    return this._call('POST', attemptDoor(attemptId, 'confirm'), { input: { method: 'applepay', paymentToken } }, signal, isViewAnswer, undefined, PAYMENT_REQUEST_WITHIN_MS);
  }

  /**
   * The result of a card attempt's in-page action (its view entry's `pageAction`), as the acquirer's
   * script handed it; unanswered within PAYMENT_REQUEST_WITHIN_MS, it is said lost (D111-a).
   */
  confirmCardAction(attemptId: string, details: Readonly<Record<string, string>>, signal?: AbortSignal): Promise<ViewAnswer> {
    return this._call('POST', attemptDoor(attemptId, 'confirm'), { input: { method: 'card', details } }, signal, isViewAnswer, undefined, PAYMENT_REQUEST_WITHIN_MS);
  }

  /**
   * Merchant validation of the in-page wallet (Apple Pay's onvalidatemerchant) for an attempt started
   * and not yet confirmed. ConfirmNotApplicable when the wallet needs no validation at its PSP.
   */
  walletSession(attemptId: string, input: WalletSessionInput, signal?: AbortSignal): Promise<WalletSessionAnswer> {
    // JSON leaves an undefined member out: no validationUrl is sent when the sheet gave none.
    const body = { input: { method: 'applepay', domainName: input.domainName, validationUrl: input.validationUrl || undefined } };
    return this._call('POST', attemptDoor(attemptId, 'wallet-session'), body, signal, isWalletSessionAnswer);
  }

  acceptTerms(signal?: AbortSignal): Promise<ViewAnswer> {
    return this._call('POST', '/elements/session/accept-terms', undefined, signal);
  }

  abandonSession(signal?: AbortSignal): Promise<ViewAnswer> {
    return this._call('POST', '/elements/session/abandon', undefined, signal);
  }

  private async _call(method: 'GET' | 'POST', path: string, body: unknown, signal?: AbortSignal): Promise<ViewAnswer>;
  private async _call<T extends object>(method: 'GET' | 'POST', path: string, body: unknown, signal: AbortSignal | undefined, accepts: (parsed: object) => parsed is T, idempotencyKey?: string, withinMs?: number): Promise<T>;
  private async _call(method: 'GET' | 'POST', path: string, body: unknown, signal?: AbortSignal, accepts: (parsed: object) => boolean = isViewAnswer, idempotencyKey?: string, withinMs?: number): Promise<unknown> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this._options.elementsToken}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['Idempotency-Key'] = idempotencyKey;
    // Past `withinMs` the request is aborted and said lost (`late`); the caller's signal (unmount) aborts it too.
    const deadline = withinMs ? new AbortController() : undefined;
    let late = false;
    const follow = (): void => deadline?.abort();
    const timer = deadline && setTimeout(() => ((late = true), follow()), withinMs);
    signal?.addEventListener('abort', follow);
    const lost = (message?: string): SplitPayError => new SplitPayError('NetworkError', 0, late ? 'no answer in time' : message);
    try {
      let res: Response;
      try {
        res = await this._doFetch(`${this._base}${path}`, {
          method,
          headers,
          credentials: 'omit',
          cache: 'no-store',
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
          signal: deadline?.signal ?? signal,
        });
      } catch (error) {
        if (signal?.aborted) throw new SplitPayError('Aborted', 0);
        throw lost(error instanceof Error ? error.message : undefined);
      }
      let parsed: unknown;
      try {
        parsed = await res.json();
      } catch {
        parsed = undefined;
      }
      if (signal?.aborted) throw new SplitPayError('Aborted', 0);
      if (late) throw lost();
      if (res.ok && parsed && typeof parsed === 'object' && accepts(parsed)) return parsed;
      const envelope = (parsed ?? {}) as { code?: unknown; message?: unknown };
      const code = typeof envelope.code === 'string' ? envelope.code : res.ok ? 'InternalError' : `Http${res.status}`;
      const retryAfter = Number(res.headers.get('Retry-After'));
      throw new SplitPayError(code, res.status, typeof envelope.message === 'string' ? envelope.message : undefined, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    }
  }
}

function isViewAnswer(parsed: object): parsed is ViewAnswer {
  return 'view' in parsed;
}

function isWalletSessionAnswer(parsed: object): parsed is WalletSessionAnswer {
  const session = (parsed as { walletSession?: unknown }).walletSession;
  return session === undefined || (typeof session === 'object' && session !== null && !Array.isArray(session));
}
