import type { Clock, Logger } from '@splitpay/domain';
import { createPspHttp, exchange, type PspHttpClient, type PspHttpResult } from '@splitpay/psp-http';
import { PAYPAL_API_BASE, type PayPalContract } from '../settings/paypal-settings';
import { logPayPalFailure } from './paypal-call-log';
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
  /** Refusals the caller mends itself (a refund aimed at an order: 404, then its capture): not logged. */
  readonly expectedStatuses?: readonly number[];
}

export interface PayPalClientDeps {
  readonly clock: Clock;
  /** Where a call without a usable answer is written (`paypal.call_failed`, `paypal.call_refused`). */
  readonly logger: Logger;
  /** Timeout of each HTTP call to PayPal; default 15 s. */
  readonly timeoutMs?: number;
}

/**
 * PayPal's REST API over psp-http: the contract's bearer token on every call (renewed once when
 * PayPal answers 401). A call's final answer, when it is none or a refusal, is logged by its path's
 * shape only (a 401 mended by a fresh token is not); tokens, credentials and bodies never leave this
 * class except as PayPal's answer.
 */
export class PayPalClient {
  private readonly http: PspHttpClient;
  private readonly tokens: PayPalTokens;
  private readonly logger: Logger;

  constructor(deps: PayPalClientDeps) {
    this.http = createPspHttp(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {});
    this.logger = deps.logger;
    this.tokens = new PayPalTokens({ http: this.http, clock: deps.clock, logger: deps.logger });
  }

  async call(contract: PayPalContract, request: PayPalRequest): Promise<PayPalAnswer> {
    const first = await this.tokens.get(contract);
    if (first.kind !== 'token') return first;
    const answer = await this.send(contract, request, first.token);
    if (answer.kind !== 'answer' || answer.status !== 401) return this.logged(request, answer);
    // The token was revoked or expired early: one fresh token, one more try (the same PayPal-Request-Id).
    this.tokens.invalidate(contract, first.token);
    const renewed = await this.tokens.get(contract);
    if (renewed.kind !== 'token') return renewed;
    return this.logged(request, await this.send(contract, request, renewed.token));
  }

  private logged(request: PayPalRequest, answer: PspHttpResult): PspHttpResult {
    if (answer.kind === 'answer' && request.expectedStatuses?.includes(answer.status)) return answer;
    logPayPalFailure(this.logger, request.path, answer);
    return answer;
  }

  private send(contract: PayPalContract, request: PayPalRequest, token: string): Promise<PspHttpResult> {
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
