import axios, { type AxiosInstance } from 'axios';
import { checkoutBaseUrl, type AdyenSettings } from '../settings/adyen.settings';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type AdyenResult =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Record<string, unknown> }
  | { readonly kind: 'transport'; readonly message: string };

export interface AdyenClientDeps {
  /** Timeout of each call; default 15 s. */
  readonly timeoutMs?: number;
}

/**
 * The Checkout API over axios: `X-API-Key` from the contract, `Idempotency-Key` on every POST, every
 * status read (no throw on 4xx/5xx), no redirects.
 */
export class AdyenClient {
  private readonly http: AxiosInstance;

  constructor(deps: AdyenClientDeps = {}) {
    this.http = axios.create({ timeout: deps.timeoutMs ?? 15_000, maxRedirects: 0, validateStatus: () => true });
  }

  async post(settings: AdyenSettings, path: string, body: unknown, idempotencyKey: string): Promise<AdyenResult> {
    try {
      const response = await this.http.post(`${checkoutBaseUrl(settings)}${path}`, body, {
        headers: { 'X-API-Key': settings.apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      });
      const data: unknown = response.data;
      return { kind: 'answer', status: response.status, body: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {} };
    } catch (error) {
      return { kind: 'transport', message: causeOf(error, settings.apiKey) };
    }
  }
}

/**
 * What a transport failure says, safe to log and store: its code and the first line of its message,
 * without the API key. An axios error also holds the request (API key and card fields), and some
 * messages quote it: only this much is kept.
 */
function causeOf(error: unknown, apiKey: string): string {
  const code = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
  const line = (error instanceof Error ? error.message : '').split('\n')[0]?.slice(0, 200).split(apiKey).join('[redacted]') ?? '';
  const text = [code, line].filter((part) => part).join(': ');
  return text || 'no answer from Adyen';
}
