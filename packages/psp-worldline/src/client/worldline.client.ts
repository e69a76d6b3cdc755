import { createPspHttp, exchange, type PspHttpClient, type PspHttpOptions, type PspHttpResult } from '@splitpay/psp-http';
import { worldlineBaseUrl, type WorldlineSettings } from '../settings/worldline.settings';
import { gcsAuthorization } from './gcs-signature';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type WorldlineResult = PspHttpResult;

export type WorldlineClientDeps = PspHttpOptions;

const JSON_TYPE = 'application/json';

/**
 * Worldline Direct's server API over psp-http: every call signed `GCS v1HMAC` with the contract's
 * API key, every POST carrying `X-GCS-Idempotence-Key` (signed too, being an X-GCS header).
 */
export class WorldlineClient {
  private readonly http: PspHttpClient;

  constructor(deps: WorldlineClientDeps = {}) {
    this.http = createPspHttp(deps);
  }

  /** POST `/v2/{merchantId}{path}` with the idempotency key. */
  post(settings: WorldlineSettings, path: string, body: unknown, idempotencyKey: string): Promise<WorldlineResult> {
    return this.call(settings, 'POST', path, body, { 'X-GCS-Idempotence-Key': idempotencyKey });
  }

  /** GET `/v2/{merchantId}{path}`. */
  get(settings: WorldlineSettings, path: string): Promise<WorldlineResult> {
    return this.call(settings, 'GET', path, undefined, {});
  }

  private call(settings: WorldlineSettings, method: 'GET' | 'POST', path: string, body: unknown, extra: Record<string, string>): Promise<WorldlineResult> {
    const fullPath = `/v2/${encodeURIComponent(settings.merchantId)}${path}`;
    const date = new Date().toUTCString();
    const headers: Record<string, string> = { Date: date, ...extra, ...(method === 'POST' ? { 'Content-Type': JSON_TYPE } : {}) };
    const authorization = gcsAuthorization(settings.apiKeyId, settings.secretApiKey, { method, contentType: JSON_TYPE, date, headers, path: fullPath });
    return exchange(
      this.http,
      { method, url: `${worldlineBaseUrl(settings)}${fullPath}`, data: body, headers: { ...headers, Authorization: authorization } },
      { provider: 'Worldline', secrets: [settings.secretApiKey, authorization] },
    );
  }
}
