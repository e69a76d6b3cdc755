import axios, { type AxiosInstance } from 'axios';
import type { DriverAck } from '@splitpay/domain';
import { API_KEY_HEADER, IDEMPOTENCY_KEY_HEADER } from '../protocol/fake-psp.protocol';
import { resolveUrl, type UrlSource } from '../protocol/url-source';

export interface FakePspClientDeps {
  /** The fake PSP's base URL: the service's own public base URL + `/fake-psp`. */
  readonly baseUrl: UrlSource;
  readonly apiKey: string;
  readonly timeoutMs?: number;
}

/** What one call produced: an HTTP answer of any status, or no answer at all. */
export type CallResult =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Record<string, unknown> }
  | { readonly kind: 'transport'; readonly message: string };

/** The drivers' HTTP client of the fake PSP's API (axios, no redirects, every status read). */
export class FakePspClient {
  private readonly http: AxiosInstance;

  constructor(private readonly deps: FakePspClientDeps) {
    this.http = axios.create({
      timeout: deps.timeoutMs ?? 10_000,
      maxRedirects: 0,
      validateStatus: () => true,
      headers: { [API_KEY_HEADER]: deps.apiKey },
    });
  }

  /** A money-moving call: the idempotency key makes a retry safe. */
  post(path: string, body: unknown, idempotencyKey: string): Promise<CallResult> {
    return this.call(() => this.http.post(this.url(path), body, { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }));
  }

  get(path: string, params?: Record<string, string>): Promise<CallResult> {
    return this.call(() => this.http.get(this.url(path), params ? { params } : {}));
  }

  private url(path: string): string {
    return `${resolveUrl(this.deps.baseUrl)}/api${path}`;
  }

  private async call(run: () => Promise<{ status: number; data: unknown }>): Promise<CallResult> {
    try {
      const response = await run();
      const body = typeof response.data === 'object' && response.data !== null ? (response.data as Record<string, unknown>) : {};
      return { kind: 'answer', status: response.status, body };
    } catch (error) {
      // Only the cause's message is kept: axios errors also hold the request, card data included.
      return { kind: 'transport', message: error instanceof Error && error.message ? error.message : 'no answer from the fake PSP' };
    }
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
  if (result.kind === 'transport') return { outcome: 'unknown', message: result.message };
  const { status, body } = result;
  const code = str(body.error) ?? str(body.status);
  const message = str(body.message);
  const providerRef = str(body.ref);
  const outcome = status >= 200 && status < 300 ? 'accepted' : status >= 500 ? 'unknown' : 'rejected';
  return {
    outcome,
    httpStatus: status,
    ...(code ? { code } : {}),
    ...(message ? { message } : {}),
    ...(providerRef ? { providerRef } : {}),
  };
}
