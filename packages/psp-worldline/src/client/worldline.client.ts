import axios, { type AxiosInstance } from 'axios';
import { worldlineBaseUrl, type WorldlineSettings } from '../settings/worldline.settings';
import { gcsAuthorization } from './gcs-signature';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type WorldlineResult =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Record<string, unknown> }
  | { readonly kind: 'transport'; readonly message: string };

export interface WorldlineClientDeps {
  /** Timeout of each call; default 15 s. */
  readonly timeoutMs?: number;
}

const JSON_TYPE = 'application/json';

/**
 * Worldline Direct's server API over axios: every call signed `GCS v1HMAC` with the contract's API
 * key, every POST carrying `X-GCS-Idempotence-Key` (signed too, being an X-GCS header), every status
 * read (no throw on 4xx/5xx), no redirects.
 */
export class WorldlineClient {
  private readonly http: AxiosInstance;

  constructor(deps: WorldlineClientDeps = {}) {
    this.http = axios.create({ timeout: deps.timeoutMs ?? 15_000, maxRedirects: 0, validateStatus: () => true });
  }

  /** POST `/v2/{merchantId}{path}` with the idempotency key. */
  post(settings: WorldlineSettings, path: string, body: unknown, idempotencyKey: string): Promise<WorldlineResult> {
    return this.call(settings, 'POST', path, body, { 'X-GCS-Idempotence-Key': idempotencyKey });
  }

  /** GET `/v2/{merchantId}{path}`. */
  get(settings: WorldlineSettings, path: string): Promise<WorldlineResult> {
    return this.call(settings, 'GET', path, undefined, {});
  }

  private async call(settings: WorldlineSettings, method: 'GET' | 'POST', path: string, body: unknown, extra: Record<string, string>): Promise<WorldlineResult> {
    const fullPath = `/v2/${encodeURIComponent(settings.merchantId)}${path}`;
    const date = new Date().toUTCString();
    const headers: Record<string, string> = { Date: date, ...extra, ...(method === 'POST' ? { 'Content-Type': JSON_TYPE } : {}) };
    const authorization = gcsAuthorization(settings.apiKeyId, settings.secretApiKey, { method, contentType: JSON_TYPE, date, headers, path: fullPath });
    try {
      const response = await this.http.request({ method, url: `${worldlineBaseUrl(settings)}${fullPath}`, data: body, headers: { ...headers, Authorization: authorization } });
      const data: unknown = response.data;
      return { kind: 'answer', status: response.status, body: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {} };
    } catch (error) {
      return { kind: 'transport', message: causeOf(error) };
    }
  }
}

/**
 * What a transport failure says, safe to log and store: its code and the first line of its message.
 * An axios error also holds the request (its signed Authorization header): only this much is kept.
 */
function causeOf(error: unknown): string {
  const code = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
  const line = (error instanceof Error ? error.message : '').split('\n')[0]?.slice(0, 200) ?? '';
  const text = [code, line].filter((part) => part).join(': ');
  return text || 'no answer from Worldline';
}
