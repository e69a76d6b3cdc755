import type { DriverAck, Logger } from '@splitpay/domain';
import { createPspHttp, exchange, operationDeadline, outcomeOfStatus, transportAck, type PspExchange, type PspHttpClient, type PspHttpResult } from '@splitpay/psp-http';
import { API_KEY_HEADER, IDEMPOTENCY_KEY_HEADER } from '../protocol/fake-psp.protocol';
import { resolveUrl, type UrlSource } from '../protocol/url-source';

export interface FakePspClientDeps {
  /** The fake PSP's base URL: the service's own public base URL + `/fake-psp`. */
  readonly baseUrl: UrlSource;
  readonly apiKey: string;
  readonly timeoutMs?: number;
  /** The clock an operation's deadline is read on (the service's); default Date.now. */
  readonly now?: () => number;
  /** Hears of calls without an answer (fake-psp.call_failed, with the cause the ack message leaves out). */
  readonly logger?: Logger;
}

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type CallResult = PspHttpResult;

/** The calls of one operation, sharing its timeout. */
export interface FakePspCalls {
  post(path: string, body: unknown, idempotencyKey: string): Promise<CallResult>;
  get(path: string, params?: Record<string, string>): Promise<CallResult>;
}

/** The drivers' HTTP client of the fake PSP's API, over psp-http. */
export class FakePspClient implements FakePspCalls {
  private readonly http: PspHttpClient;
  private readonly timeoutMs: number;

  constructor(private readonly deps: FakePspClientDeps) {
    this.timeoutMs = deps.timeoutMs ?? 10_000;
    this.http = createPspHttp({ timeoutMs: this.timeoutMs });
  }

  /** A money-moving call: the idempotency key makes a retry safe. */
  post(path: string, body: unknown, idempotencyKey: string, send: PspExchange = exchange): Promise<CallResult> {
    return this.call(path, { method: 'POST', url: this.url(path), data: body, headers: { [API_KEY_HEADER]: this.deps.apiKey, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }, send);
  }

  get(path: string, params?: Record<string, string>, send: PspExchange = exchange): Promise<CallResult> {
    return this.call(path, { method: 'GET', url: this.url(path), headers: { [API_KEY_HEADER]: this.deps.apiKey }, ...(params ? { params } : {}) }, send);
  }

  /**
   * The calls of one operation (a follow-up and the search for its payment, a confirm and its
   * search): one timeout from now for all of them, each call given what is left (operationDeadline).
   * Each allowed the whole timeout, they would outlast the service's window for the operation (D90).
   */
  operation(): FakePspCalls {
    const deadline = operationDeadline(this.timeoutMs, this.deps.now ?? Date.now);
    return {
      post: (path, body, idempotencyKey) => this.post(path, body, idempotencyKey, deadline.exchange),
      get: (path, params) => this.get(path, params, deadline.exchange),
    };
  }

  private url(path: string): string {
    return `${resolveUrl(this.deps.baseUrl)}/api${path}`;
  }

  /** One call; without an answer, logged by its method, path shape and cause (never a header or a body). */
  private async call(path: string, request: Parameters<typeof exchange>[1], send: PspExchange): Promise<CallResult> {
    const result = await send(this.http, request, { provider: 'the fake PSP', secrets: [this.deps.apiKey] });
    if (result.kind === 'transport') this.deps.logger?.warn('fake-psp.call_failed', { method: request.method, path: path.replace(/\/payments\/[^/?]+/, '/payments/{ref}'), cause: result.cause });
    return result;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The ack of a call: 2xx accepted; 5xx unknown (the PSP may have acted); other statuses rejected;
 * no answer at all unknown, without httpStatus.
 */
export function ackOf(result: CallResult): DriverAck {
  if (result.kind === 'transport') return transportAck(result);
  const { status, body } = result;
  const code = str(body.error) ?? str(body.status);
  const message = str(body.message);
  const providerRef = str(body.ref);
  const outcome = outcomeOfStatus(status);
  return {
    outcome,
    httpStatus: status,
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
    ...(providerRef ? { providerRef } : {}),
  };
}
