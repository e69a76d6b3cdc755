import { createPspHttp, DEFAULT_PSP_TIMEOUT_MS, exchange, operationDeadline, type PspExchange, type PspHttpClient, type PspHttpOptions, type PspHttpResult } from '@splitpay/psp-http';
import { checkoutBaseUrl, type AdyenSettings } from '../settings/adyen.settings';

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type AdyenResult = PspHttpResult;

export type AdyenClientDeps = PspHttpOptions;

/** Calls sharing one deadline (`AdyenClient.within`): each may take only what the earlier ones left. */
export interface AdyenTimedCalls {
  post(settings: AdyenSettings, path: string, body: unknown, idempotencyKey: string): Promise<AdyenResult>;
  /** What is left of the deadline, in whole milliseconds. */
  remainingMs(): number;
}

/** The Checkout API over psp-http: `X-API-Key` from the contract, `Idempotency-Key` on every POST. */
export class AdyenClient {
  private readonly http: PspHttpClient;
  private readonly timeoutMs: number;

  constructor(deps: AdyenClientDeps = {}) {
    this.http = createPspHttp(deps);
    this.timeoutMs = deps.timeoutMs ?? DEFAULT_PSP_TIMEOUT_MS;
  }

  post(settings: AdyenSettings, path: string, body: unknown, idempotencyKey: string): Promise<AdyenResult> {
    return this.send(exchange, settings, path, body, idempotencyKey);
  }

  /** Calls within `limitMs` from now, and never longer than one call's timeout. */
  within(limitMs: number): AdyenTimedCalls {
    const deadline = operationDeadline(Math.min(limitMs, this.timeoutMs));
    return {
      post: (settings, path, body, idempotencyKey) => this.send(deadline.exchange, settings, path, body, idempotencyKey),
      remainingMs: deadline.remainingMs,
    };
  }

  private send(via: PspExchange, settings: AdyenSettings, path: string, body: unknown, idempotencyKey: string): Promise<AdyenResult> {
    return via(
      this.http,
      { method: 'POST', url: `${checkoutBaseUrl(settings)}${path}`, data: body, headers: { 'X-API-Key': settings.apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey } },
      { provider: 'Adyen', secrets: [settings.apiKey] },
    );
  }
}
