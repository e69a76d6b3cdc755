import { createPspHttp, DEFAULT_PSP_TIMEOUT_MS, exchange, operationDeadline, type PspExchange, type PspHttpClient, type PspHttpOptions, type PspHttpResult } from '@splitpay/psp-http';
import { oneyBaseUrl, type OneySettings } from '../settings/oney.settings';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type OneyResult = PspHttpResult;

export interface OneyClientDeps extends PspHttpOptions {
  /** The clock the deadline of an operation's calls is read on; default `Date.now`. */
  readonly now?: () => number;
}

/** The calls Oney's API takes: a status query (GET) and the purchase's requests and actions (POST). */
export interface OneyCalls {
  post(settings: OneySettings, path: string, body: unknown): Promise<OneyResult>;
  get(settings: OneySettings, path: string): Promise<OneyResult>;
}

/**
 * Oney's payment API over psp-http, plain JSON (`X-Oney-Secret: None`): the API key and partner
 * country on every call. Each call alone may take the timeout; `operation()` gives calls that share it.
 */
export class OneyClient implements OneyCalls {
  private readonly http: PspHttpClient;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(deps: OneyClientDeps = {}) {
    this.http = createPspHttp(deps);
    this.timeoutMs = deps.timeoutMs ?? DEFAULT_PSP_TIMEOUT_MS;
    this.now = deps.now ?? Date.now;
  }

  post(settings: OneySettings, path: string, body: unknown): Promise<OneyResult> {
    return this.call(exchange, settings, 'POST', path, body);
  }

  get(settings: OneySettings, path: string): Promise<OneyResult> {
    return this.call(exchange, settings, 'GET', path);
  }

  /**
   * The calls of one capture, void or refund, all within one timeout from now: each may take what the
   * earlier ones left, and one with nothing left is not sent. The service times the worker's first
   * send of an operation after one timeout (D90): a status query and an action each allowed the whole
   * timeout would outlast it, and another instance would send the action again (D88-f).
   */
  operation(): OneyCalls {
    const deadline = operationDeadline(this.timeoutMs, this.now);
    return {
      post: (settings, path, body) => this.call(deadline.exchange, settings, 'POST', path, body),
      get: (settings, path) => this.call(deadline.exchange, settings, 'GET', path),
    };
  }

  private call(send: PspExchange, settings: OneySettings, method: 'GET' | 'POST', path: string, body?: unknown): Promise<OneyResult> {
    const headers = {
      'X-Oney-Authorization': settings.apiKey,
      'X-Oney-Partner-Country-Code': settings.countryCode,
      'X-Oney-Secret': 'None',
      'Content-Type': 'application/json',
    };
    const url = `${oneyBaseUrl(settings.environment)}/${path}`;
    const request = { method, url, headers, ...(method === 'POST' ? { data: body } : {}) };
    return send(this.http, request, { provider: 'Oney', secrets: [settings.apiKey] });
  }
}
