import { createPspHttp, exchange, type PspHttpClient, type PspHttpOptions, type PspHttpResult } from '@splitpay/psp-http';
import { checkoutBaseUrl, type AdyenSettings } from '../settings/adyen.settings';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type AdyenResult = PspHttpResult;

export type AdyenClientDeps = PspHttpOptions;

/** The Checkout API over psp-http: `X-API-Key` from the contract, `Idempotency-Key` on every POST. */
export class AdyenClient {
  private readonly http: PspHttpClient;

  constructor(deps: AdyenClientDeps = {}) {
    this.http = createPspHttp(deps);
  }

  post(settings: AdyenSettings, path: string, body: unknown, idempotencyKey: string): Promise<AdyenResult> {
    return exchange(
      this.http,
      { method: 'POST', url: `${checkoutBaseUrl(settings)}${path}`, data: body, headers: { 'X-API-Key': settings.apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey } },
      { provider: 'Adyen', secrets: [settings.apiKey] },
    );
  }
}
