import axios, { type AxiosInstance } from 'axios';
import { oneyBaseUrl, type OneySettings } from '../settings/oney.settings';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type OneyResult =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Record<string, unknown> }
  | { readonly kind: 'transport'; readonly message: string };

export interface OneyClientDeps {
  /** Timeout of each call; default 15 s. */
  readonly timeoutMs?: number;
}

/**
 * Oney's payment API over axios, plain JSON (`X-Oney-Secret: None`): the API key and partner country
 * on every call, every status read (no throw on 4xx/5xx), no redirects.
 */
export class OneyClient {
  private readonly http: AxiosInstance;

  constructor(deps: OneyClientDeps = {}) {
    this.http = axios.create({ timeout: deps.timeoutMs ?? 15_000, maxRedirects: 0, validateStatus: () => true });
  }

  post(settings: OneySettings, path: string, body: unknown): Promise<OneyResult> {
    return this.call(settings, 'post', path, body);
  }

  get(settings: OneySettings, path: string): Promise<OneyResult> {
    return this.call(settings, 'get', path);
  }

  private async call(settings: OneySettings, verb: 'get' | 'post', path: string, body?: unknown): Promise<OneyResult> {
    const headers = {
      'X-Oney-Authorization': settings.apiKey,
      'X-Oney-Partner-Country-Code': settings.countryCode,
      'X-Oney-Secret': 'None',
      'Content-Type': 'application/json',
    };
    const url = `${oneyBaseUrl(settings.environment)}/${path}`;
    try {
      const response = verb === 'post' ? await this.http.post(url, body, { headers }) : await this.http.get(url, { headers });
      const data: unknown = response.data;
      return { kind: 'answer', status: response.status, body: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {} };
    } catch (error) {
      return { kind: 'transport', message: causeOf(error, settings.apiKey) };
    }
  }
}

/** A transport failure's code and first line, without the API key (an axios error holds the request). */
function causeOf(error: unknown, apiKey: string): string {
  const code = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
  const line = (error instanceof Error ? error.message : '').split('\n')[0]?.slice(0, 200).split(apiKey).join('[redacted]') ?? '';
  const text = [code, line].filter((part) => part).join(': ');
  return text || 'no answer from Oney';
}
