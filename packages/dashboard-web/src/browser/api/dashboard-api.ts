import type { ApiResult, ChargebackJson, MeJson, RefundAnswer, ReplayAnswer, SessionJson, SessionPage, TransactionPage } from './api-types';
import type { SessionFilters } from '../payments/payment-filters';
import { searchQuery } from '../payments/payment-filters';

/** A refund of the whole session, of one attempt (tranche), or of one operation that took money. */
export type RefundTarget =
  | { readonly kind: 'session'; readonly sessionId: string }
  | { readonly kind: 'attempt'; readonly attemptId: string }
  | { readonly kind: 'transaction'; readonly transactionId: string };

export interface RefundRequest {
  readonly target: RefundTarget;
  /**
   * Minor units; absent refunds everything that remains. For the whole payment, the whole the contact
   * confirmed: the service refunds it only if it is still what remains (D121-b).
   */
  readonly amount?: number;
  /** The tranche and operation doors only (the whole payment's door reads none): a repeated send refunds once. */
  readonly idempotencyKey?: string;
}

/** A refusal that is no contract code: the network, or an answer that is not the error envelope. */
export const NETWORK_ERROR = 'network';
export const UNEXPECTED_ERROR = 'unexpected';

const seg = encodeURIComponent;

function refundPath(target: RefundTarget): string {
  switch (target.kind) {
    case 'session':
      return `/api/sessions/${seg(target.sessionId)}/refund`;
    case 'attempt':
      return `/api/attempts/${seg(target.attemptId)}/refund`;
    case 'transaction':
      return `/api/transactions/${seg(target.transactionId)}/refund`;
  }
}

/**
 * The /api doors the dashboard calls with the contact's access token. Every answer is a result:
 * refusals carry the contract's code (the page words them; it never shows the English message).
 */
export class DashboardApi {
  constructor(
    /** The token to send; it may first be rotated (TokenKeeper.freshAccessToken), so it is awaited. */
    private readonly accessToken: () => Promise<string | undefined> | string | undefined,
    /** Called on Unauthorized: the sign-in is gone. */
    private readonly onUnauthorized: () => void,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
    /** The service's address (service-base.ts); '' calls the page's own origin. */
    private readonly base = '',
  ) {}

  me(): Promise<ApiResult<MeJson>> {
    return this.call('GET', '/api/me');
  }

  searchSessions(filters: SessionFilters, cursor?: string): Promise<ApiResult<SessionPage>> {
    return this.call('GET', `/api/sessions?${searchQuery(filters, cursor).toString()}`);
  }

  /** One keyset page of GET /api/transactions; `signal` aborts it (the answer is then a network refusal). */
  searchTransactions(query: URLSearchParams, signal?: AbortSignal): Promise<ApiResult<TransactionPage>> {
    return this.call('GET', `/api/transactions?${query.toString()}`, undefined, {}, signal);
  }

  session(sessionId: string): Promise<ApiResult<SessionJson>> {
    return this.call('GET', `/api/sessions/${seg(sessionId)}`);
  }

  chargebacks(sessionId: string): Promise<ApiResult<{ readonly chargebacks: readonly ChargebackJson[] }>> {
    // The dashboard's own read: the merchant API's disputes with their messages' delivery (D148).
    return this.call('GET', `/api/dashboard/sessions/${seg(sessionId)}/chargebacks`);
  }

  refund(request: RefundRequest): Promise<ApiResult<RefundAnswer>> {
    const amount = request.amount === undefined ? undefined : { amount: request.amount };
    if (request.target.kind === 'session') return this.call('POST', refundPath(request.target), amount);
    const key: Record<string, string> = request.idempotencyKey === undefined ? {} : { 'Idempotency-Key': request.idempotencyKey };
    return this.call('POST', refundPath(request.target), amount ?? {}, key);
  }

  replayNotification(sessionId: string): Promise<ApiResult<ReplayAnswer>> {
    return this.call('POST', `/api/sessions/${seg(sessionId)}/notification`);
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: object, extraHeaders: Record<string, string> = {}, signal?: AbortSignal): Promise<ApiResult<T>> {
    // Awaited even when at hand: a refusal is never said while the caller is still drawing its view.
    const token = await this.accessToken();
    if (!token) {
      this.onUnauthorized();
      return { ok: false, status: 401, code: 'Unauthorized' };
    }
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json', ...extraHeaders };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await this.fetcher(`${this.base}${path}`, { method, headers, credentials: 'omit', cache: 'no-store', ...(signal ? { signal } : {}), ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    } catch {
      return { ok: false, status: 0, code: NETWORK_ERROR };
    }
    const parsed = (await res.json().catch(() => undefined)) as unknown;
    if (res.ok) return { ok: true, body: parsed as T };
    if (res.status === 401) this.onUnauthorized();
    const code = typeof parsed === 'object' && parsed !== null && typeof (parsed as { code?: unknown }).code === 'string' ? (parsed as { code: string }).code : UNEXPECTED_ERROR;
    return { ok: false, status: res.status, code };
  }
}
