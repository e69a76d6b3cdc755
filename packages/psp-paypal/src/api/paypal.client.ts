import type { Clock } from '@splitpay/domain';
import { createPspHttp, exchange, type PspHttpClient, type PspHttpResult } from '@splitpay/psp-http';
import { PAYPAL_API_BASE, type PayPalContract } from '../settings/paypal-settings';
import { PayPalTokens } from './paypal-token.cache';

/** What one call produced: an HTTP answer of any status, no answer at all, or no token to call with. */
export type PayPalAnswer =
  | PspHttpResult
  | { readonly kind: 'credentials'; readonly status: number; readonly message: string };

export interface PayPalRequest {
  readonly method: 'GET' | 'POST';
  /** Path under the environment's API base, e.g. `/v2/checkout/orders`. */
  readonly path: string;
  readonly body?: unknown;
  /** `PayPal-Request-Id`: our transaction id on every call that moves money or creates something. */
  readonly requestId?: string;
  readonly prefer?: 'return=minimal' | 'return=representation';
}

export interface PayPalClientDeps {
  readonly clock: Clock;
  /** Timeout of each HTTP call to PayPal; default 15 s. */
  readonly timeoutMs?: number;
}

/**
 * PayPal's REST API over psp-http: the contract's bearer token on every call (renewed once when
 * PayPal answers 401). Nothing here logs: tokens, credentials
 * and request bodies never leave this class except as PayPal's answer.
 */
export class PayPalClient {
  private readonly http: PspHttpClient;
  private readonly tokens: PayPalTokens;

  constructor(deps: PayPalClientDeps) {
    this.http = createPspHttp(deps);
    this.tokens = new PayPalTokens({ http: this.http, clock: deps.clock });
  }

  async call(contract: PayPalContract, request: PayPalRequest): Promise<PayPalAnswer> {
    const first = await this.tokens.get(contract);
    if (first.kind !== 'token') return first;
    const answer = await this.send(contract, request, first.token);
    if (answer.kind !== 'answer' || answer.status !== 401) return answer;
    // The token was revoked or expired early: one fresh token, one more try (the same PayPal-Request-Id).
    this.tokens.invalidate(contract, first.token);
    const renewed = await this.tokens.get(contract);
    if (renewed.kind !== 'token') return renewed;
    return this.send(contract, request, renewed.token);
  }

  private send(contract: PayPalContract, request: PayPalRequest, token: string): Promise<PayPalAnswer> {
    return exchange(
      this.http,
      {
        method: request.method,
        url: `${PAYPAL_API_BASE[contract.environment]}${request.path}`,
        headers: {
          Authorization: `Bearer ${token}`,
          Accept: 'application/json',
          ...(request.method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
          ...(request.requestId ? { 'PayPal-Request-Id': request.requestId } : {}),
          ...(request.prefer ? { Prefer: request.prefer } : {}),
        },
        ...(request.body !== undefined ? { data: request.body } : {}),
      },
      { provider: 'PayPal', secrets: [token] },
    );
  }
}
