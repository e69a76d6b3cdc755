import http from 'node:http';
import https from 'node:https';
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import { PSP_USER_AGENT } from './psp-user-agent';
import { transportCause, transportMessage } from './transport-cause';

/** What one call to a PSP produced: an HTTP answer of any status, or no answer at all. */
export type PspHttpResult =
  | { readonly kind: 'answer'; readonly status: number; readonly body: Record<string, unknown> }
  /** `message` is what merchants may read (no address: transportMessage); `cause` is for the log line only (transportCause). */
  | { readonly kind: 'transport'; readonly message: string; readonly cause: string };

/** The HTTP client a PSP package calls its provider with (an axios instance made by `createPspHttp`). */
export type PspHttpClient = AxiosInstance;

/** One request: method, url, headers, data, params, auth (axios's request options). */
export type PspHttpRequest = AxiosRequestConfig;

export interface PspHttpOptions {
  /** Timeout of each call; default 15 s. */
  readonly timeoutMs?: number;
}

export const DEFAULT_PSP_TIMEOUT_MS = 15_000;

/**
 * An idle connection is let go after `timeout`, or one second before the PSP's `Keep-Alive: timeout=`
 * when it announces a shorter one. Without a timeout Node's agent ignores that announcement and keeps
 * the connection for ever: reused just as the PSP closes it, the call is reset unanswered (an unknown
 * ack, then a status lookup, for a payment the PSP never received). Node's own global agent's value.
 */
const KEEP_ALIVE: http.AgentOptions = { keepAlive: true, timeout: 5_000 };

/**
 * The axios instance a PSP client calls with: a timeout on every call, connections kept alive
 * between calls, no redirect followed (a PSP API never redirects a server call; following one would
 * resend the credentials elsewhere), every status read rather than thrown, and our own `User-Agent`
 * (PSP_USER_AGENT) on every call.
 */
export function createPspHttp(options: PspHttpOptions = {}): PspHttpClient {
  return axios.create({
    timeout: options.timeoutMs ?? DEFAULT_PSP_TIMEOUT_MS,
    maxRedirects: 0,
    validateStatus: () => true,
    headers: { 'User-Agent': PSP_USER_AGENT },
    httpAgent: new http.Agent(KEEP_ALIVE),
    httpsAgent: new https.Agent(KEEP_ALIVE),
  });
}

/** Who is called and what the request carries that no message may repeat. */
export interface PspCallee {
  /** The provider's name as a message says it ("no answer from Adyen"). */
  readonly provider: string;
  /** Credentials and tokens the request carries. */
  readonly secrets: readonly string[];
}

/** Sends one request and reads its answer as a JSON object (anything else as `{}`); no answer is a transport result, its message without the PSP's address and its cause for the log. */
export async function exchange(client: PspHttpClient, request: PspHttpRequest, callee: PspCallee): Promise<PspHttpResult> {
  try {
    const response = await client.request(request);
    const data: unknown = response.data;
    return { kind: 'answer', status: response.status, body: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {} };
  } catch (error) {
    return { kind: 'transport', message: transportMessage(error, callee), cause: transportCause(error, callee) };
  }
}
