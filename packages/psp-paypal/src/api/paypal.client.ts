import axios, { type AxiosInstance } from 'axios';
import type { Clock } from '@splitpay/domain';
import { PAYPAL_API_BASE, type PayPalContract } from '../settings/paypal-settings';
import { PayPalTokens } from './paypal-token.cache';
import { causeOf, scrub } from './scrub';

/** What one call produced: an HTTP answer of any status, no answer at all, or no token to call with. */
export type PayPalAnswer =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Record<string, unknown> }
  | { readonly kind: 'transport'; readonly message: string }
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
 * PayPal's REST API over axios: the contract's bearer token on every call (renewed once when PayPal
 * answers 401), no redirects followed, every status read. Nothing here logs: tokens, credentials
 * and request bodies never leave this class except as PayPal's answer.
 */
export class PayPalClient {
  private readonly http: AxiosInstance;
  private readonly tokens: PayPalTokens;

  constructor(deps: PayPalClientDeps) {
    this.http = axios.create({ timeout: deps.timeoutMs ?? 15_000, maxRedirects: 0, validateStatus: () => true });
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

  private async send(contract: PayPalContract, request: PayPalRequest, token: string): Promise<PayPalAnswer> {
    try {
      const response = await this.http.request({
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
      });
      const body = typeof response.data === 'object' && response.data !== null ? (response.data as Record<string, unknown>) : {};
      return { kind: 'answer', status: response.status, body };
    } catch (error) {
      return { kind: 'transport', message: scrub(causeOf(error, 'no answer from PayPal'), [token]) };
    }
  }
}
