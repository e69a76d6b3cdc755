import type { Clock, Logger } from '@splitpay/domain';
import { createPspHttp, DEFAULT_PSP_TIMEOUT_MS, exchange, operationDeadline, type PspExchange, type PspHttpClient, type PspHttpResult } from '@splitpay/psp-http';
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

/** How a driver calls PayPal: one call, its bearer token fetched or renewed first when needed. */
export interface PayPalCalls {
  call(contract: PayPalContract, request: PayPalRequest): Promise<PayPalAnswer>;
}

export interface PayPalClientDeps {
  /** Also the clock an operation's deadline is read on. */
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
 * class except as PayPal's answer. Each call alone may take the timeout; `operation()` gives calls
 * that share it.
 */
export class PayPalClient implements PayPalCalls {
  private readonly http: PspHttpClient;
  private readonly tokens: PayPalTokens;
  private readonly logger: Logger;
  private readonly clock: Clock;
  private readonly timeoutMs: number;

  constructor(deps: PayPalClientDeps) {
    this.http = createPspHttp(deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {});
    this.logger = deps.logger;
    this.clock = deps.clock;
    this.timeoutMs = deps.timeoutMs ?? DEFAULT_PSP_TIMEOUT_MS;
    this.tokens = new PayPalTokens({ http: this.http, clock: deps.clock, logger: deps.logger });
  }

  call(contract: PayPalContract, request: PayPalRequest): Promise<PayPalAnswer> {
    return this.callWith(exchange, contract, request);
  }

  /**
   * The calls of one capture, void or refund (or of one lookup of it), token fetches included, all
   * within one timeout from now: up to four HTTP calls (a token, a read of the order, the action, a
   * renewed token's retry) must end before the worker may send the operation again (D90, D101). A
   * payer's return and a status lookup (an order's read and its authorization) use it too (D112). A
   * token fetch is shared: the operation waits for it within its time only (D101-b).
   */
  operation(): PayPalCalls {
    const deadline = operationDeadline(this.timeoutMs, () => this.clock.now());
    return { call: (contract, request) => this.callWith(deadline.exchange, contract, request, deadline.remainingMs) };
  }

  /** `remainingMs`: what is left of the operation's timeout, the wait for a shared token fetch included. */
  private async callWith(send: PspExchange, contract: PayPalContract, request: PayPalRequest, remainingMs?: () => number): Promise<PayPalAnswer> {
    const first = await this.tokens.get(contract, remainingMs);
    if (first.kind !== 'token') return first;
    const answer = await this.send(send, contract, request, first.token);
    if (answer.kind !== 'answer' || answer.status !== 401) return this.logged(request, answer);
    // The token was revoked or expired early: one fresh token, one more try (the same PayPal-Request-Id).
    this.tokens.invalidate(contract, first.token);
    const renewed = await this.tokens.get(contract, remainingMs);
    if (renewed.kind !== 'token') return renewed;
    return this.logged(request, await this.send(send, contract, request, renewed.token));
  }

  private logged(request: PayPalRequest, answer: PspHttpResult): PspHttpResult {
    if (answer.kind === 'answer' && request.expectedStatuses?.includes(answer.status)) return answer;
    logPayPalFailure(this.logger, request.path, answer);
    return answer;
  }

  private send(send: PspExchange, contract: PayPalContract, request: PayPalRequest, token: string): Promise<PspHttpResult> {
    return send(
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
