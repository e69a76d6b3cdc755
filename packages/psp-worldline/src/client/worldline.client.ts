import { createPspHttp, DEFAULT_PSP_TIMEOUT_MS, exchange, operationDeadline, type PspExchange, type PspHttpClient, type PspHttpOptions, type PspHttpResult } from '@splitpay/psp-http';
import { worldlineBaseUrl, type WorldlineSettings } from '../settings/worldline.settings';
import { gcsAuthorization } from './gcs-signature';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type WorldlineResult = PspHttpResult;

export interface WorldlineClientDeps extends PspHttpOptions {
  /** The clock the deadline of an operation's calls is read on; default `Date.now`. */
  readonly now?: () => number;
}

/** The calls Worldline's API takes: signed GETs and POSTs under the merchant. */
export interface WorldlineCalls {
  post(settings: WorldlineSettings, path: string, body: unknown, idempotencyKey: string): Promise<WorldlineResult>;
  get(settings: WorldlineSettings, path: string): Promise<WorldlineResult>;
}

const JSON_TYPE = 'application/json';

/**
 * Worldline Direct's server API over psp-http: every call signed `GCS v1HMAC` with the contract's
 * API key, every POST carrying `X-GCS-Idempotence-Key` (signed too, being an X-GCS header). Each
 * call alone may take the timeout; `operation()` gives calls that share it.
 */
export class WorldlineClient implements WorldlineCalls {
  private readonly http: PspHttpClient;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(deps: WorldlineClientDeps = {}) {
    this.http = createPspHttp(deps);
    this.timeoutMs = deps.timeoutMs ?? DEFAULT_PSP_TIMEOUT_MS;
    this.now = deps.now ?? Date.now;
  }

  /** POST `/v2/{merchantId}{path}` with the idempotency key. */
  post(settings: WorldlineSettings, path: string, body: unknown, idempotencyKey: string): Promise<WorldlineResult> {
    return this.call(exchange, settings, 'POST', path, body, { 'X-GCS-Idempotence-Key': idempotencyKey });
  }

  /** GET `/v2/{merchantId}{path}`. */
  get(settings: WorldlineSettings, path: string): Promise<WorldlineResult> {
    return this.call(exchange, settings, 'GET', path, undefined, {});
  }

  /**
   * The calls of one capture, void or refund (or of one lookup of it), all within one timeout from
   * now: a hosted checkout's read and the action must end before the worker may send the operation
   * again (D90, D101); a call with nothing left is not sent.
   */
  operation(): WorldlineCalls {
    const deadline = operationDeadline(this.timeoutMs, this.now);
    return {
      post: (settings, path, body, idempotencyKey) => this.call(deadline.exchange, settings, 'POST', path, body, { 'X-GCS-Idempotence-Key': idempotencyKey }),
      get: (settings, path) => this.call(deadline.exchange, settings, 'GET', path, undefined, {}),
    };
  }

  private call(send: PspExchange, settings: WorldlineSettings, method: 'GET' | 'POST', path: string, body: unknown, extra: Record<string, string>): Promise<WorldlineResult> {
    const fullPath = `/v2/${encodeURIComponent(settings.merchantId)}${path}`;
    const date = new Date().toUTCString();
    const headers: Record<string, string> = { Date: date, ...extra, ...(method === 'POST' ? { 'Content-Type': JSON_TYPE } : {}) };
    const authorization = gcsAuthorization(settings.apiKeyId, settings.secretApiKey, { method, contentType: JSON_TYPE, date, headers, path: fullPath });
    return send(
      this.http,
      { method, url: `${worldlineBaseUrl(settings)}${fullPath}`, data: body, headers: { ...headers, Authorization: authorization } },
      { provider: 'Worldline', secrets: [settings.secretApiKey, authorization] },
    );
  }
}
