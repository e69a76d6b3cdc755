import { createPspHttp, exchange, type PspHttpClient, type PspHttpOptions, type PspHttpResult } from '@splitpay/psp-http';
import { oneyBaseUrl, type OneySettings } from '../settings/oney.settings';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type OneyResult = PspHttpResult;

export type OneyClientDeps = PspHttpOptions;

/**
 * Oney's payment API over psp-http, plain JSON (`X-Oney-Secret: None`): the API key and partner
 * country on every call.
 */
export class OneyClient {
  private readonly http: PspHttpClient;

  constructor(deps: OneyClientDeps = {}) {
    this.http = createPspHttp(deps);
  }

  post(settings: OneySettings, path: string, body: unknown): Promise<OneyResult> {
    return this.call(settings, 'POST', path, body);
  }

  get(settings: OneySettings, path: string): Promise<OneyResult> {
    return this.call(settings, 'GET', path);
  }

  private call(settings: OneySettings, method: 'GET' | 'POST', path: string, body?: unknown): Promise<OneyResult> {
    const headers = {
      'X-Oney-Authorization': settings.apiKey,
      'X-Oney-Partner-Country-Code': settings.countryCode,
      'X-Oney-Secret': 'None',
      'Content-Type': 'application/json',
    };
    const url = `${oneyBaseUrl(settings.environment)}/${path}`;
    return exchange(this.http, { method, url, headers, ...(method === 'POST' ? { data: body } : {}) }, { provider: 'Oney', secrets: [settings.apiKey] });
  }
}
