import { createPspHttp, DEFAULT_PSP_TIMEOUT_MS, exchange, type PspHttpClient, type PspHttpOptions, type PspHttpResult } from '@splitpay/psp-http';
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

/** The result of a call the operation's deadline left no time for: never sent. */
const OUT_OF_TIME: OneyResult = { kind: 'transport', message: "no time left of the operation's timeout: not sent to Oney" };

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
    return this.call(settings, 'POST', path, body);
  }

  get(settings: OneySettings, path: string): Promise<OneyResult> {
    return this.call(settings, 'GET', path);
  }

  /**
   * The calls of one capture, void or refund, all within one timeout from now: each may take what the
   * earlier ones left, and one with nothing left is not sent. The service times the worker's first
   * send of an operation after one timeout (D90): a status query and an action each allowed the whole
   * timeout would outlast it, and another instance would send the action again (D88-f).
   */
  operation(): OneyCalls {
    const deadline = this.now() + this.timeoutMs;
    const left = (): number => deadline - this.now();
    return {
      post: (settings, path, body) => this.call(settings, 'POST', path, body, left()),
      get: (settings, path) => this.call(settings, 'GET', path, undefined, left()),
    };
  }

  private call(settings: OneySettings, method: 'GET' | 'POST', path: string, body?: unknown, timeoutMs?: number): Promise<OneyResult> {
    // axios reads a timeout of 0 as none at all.
    if (timeoutMs !== undefined && timeoutMs <= 0) return Promise.resolve(OUT_OF_TIME);
    const headers = {
      'X-Oney-Authorization': settings.apiKey,
      'X-Oney-Partner-Country-Code': settings.countryCode,
      'X-Oney-Secret': 'None',
      'Content-Type': 'application/json',
    };
    const url = `${oneyBaseUrl(settings.environment)}/${path}`;
    const request = { method, url, headers, ...(method === 'POST' ? { data: body } : {}), ...(timeoutMs !== undefined ? { timeout: timeoutMs } : {}) };
    return exchange(this.http, request, { provider: 'Oney', secrets: [settings.apiKey] });
  }
}
