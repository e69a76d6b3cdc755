import type { Readable } from 'node:stream';
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { isVerbatimHeaderValue, type DeliveryOutcome, type Logger, type WebhookMessage, type WebhookSender } from '@splitpay/domain';
import { guardedLookup, isForbiddenLiteralHost, systemResolver, TARGET_REFUSED, type AddressResolver, type GuardedLookup } from './send-target.guard';
import { signerFor } from './signing-key';

export interface AxiosWebhookSenderOptions {
  /** Whole-delivery deadline; docs/decisions.md D16 says 10 s. Tests shorten it. */
  readonly timeoutMs?: number;
  /** Wall-clock source of `webhook-timestamp` (seconds); receivers compare it with their own time. */
  readonly now?: () => number;
  /** Largest answer body read; a receiver acknowledges with `OK`, anything bigger is a failure anyway. */
  readonly maxResponseBytes?: number;
  /** Resolves receivers' host names (tests map names to addresses); every address is checked before connecting. */
  readonly resolve?: AddressResolver;
  readonly http?: AxiosInstance;
  /** Told (error level) when a message is not sent because its authorization value would not go out verbatim. */
  readonly logger?: Logger;
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;

/** Every delivery's `user-agent`: the service and the version of its delivery format, never the HTTP client's default (`axios/<version>`). */
export const WEBHOOK_USER_AGENT = 'splitpay-webhooks/1';

/**
 * Delivers webhook messages (docs/decisions.md D16): POST JSON, the account's `authorization` value
 * verbatim (a value HTTP would change is never sent, D145-a), Standard Webhooks signature headers, 10 s, no redirects followed. Received only on 200,
 * text/plain, body `OK` (white space around it ignored). Every other outcome is a failure value with
 * a reason; it never throws. Reasons never carry the address, the headers or the body sent.
 *
 * It never connects to a link-local, unspecified or cloud metadata address, whether the URL names it
 * or a host name resolves to it at send time (the check is made on the address the socket uses), and
 * ignores proxy settings of the environment (a proxy would take the connection out of that check).
 */
export class AxiosWebhookSender implements WebhookSender {
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly maxResponseBytes: number;
  private readonly lookup: GuardedLookup;
  private readonly http: AxiosInstance;
  private readonly logger: Logger | undefined;

  constructor(options: AxiosWebhookSenderOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
    this.maxResponseBytes = options.maxResponseBytes ?? 64 * 1024;
    this.lookup = guardedLookup(options.resolve ?? systemResolver);
    this.http = options.http ?? axios.create();
    this.logger = options.logger;
  }

  async send(message: WebhookMessage): Promise<DeliveryOutcome> {
    // The HTTP client would drop or trim parts of such a value; the receiver must get it verbatim or not at all.
    if (message.authorization !== undefined && !isVerbatimHeaderValue(message.authorization)) {
      this.logger?.error('notification.authorization_unsendable', { notificationId: message.notificationId });
      return { received: false, reason: UNSENDABLE_AUTHORIZATION_REASON };
    }
    let headers: Record<string, string>;
    const body = JSON.stringify(message.payload);
    try {
      headers = this.headersFor(message, body);
    } catch {
      return { received: false, reason: 'signing secret unusable' };
    }
    const target = httpUrl(message.url);
    if (!target) return { received: false, reason: 'address is not an http(s) URL' };
    if (isForbiddenLiteralHost(target.hostname)) return { received: false, reason: REFUSED_TARGET_REASON };
    // The HTTP client would turn them into Basic auth in place of the agreed authorization value.
    if (target.username !== '' || target.password !== '') return { received: false, reason: CREDENTIALS_REASON };

    try {
      const response = await this.http.request<Readable>({
        method: 'POST',
        url: message.url,
        data: body,
        headers,
        timeout: this.timeoutMs,
        signal: AbortSignal.timeout(this.timeoutMs),
        maxRedirects: 0,
        proxy: false,
        lookup: this.lookup,
        responseType: 'stream',
        validateStatus: () => true,
      });
      // Status and content type are judged first: a large error page is a failure by its status.
      const early = judgeHead(response.status, String(response.headers['content-type'] ?? ''));
      if (early) {
        response.data.destroy();
        return early;
      }
      const answer = await readBounded(response.data, this.maxResponseBytes);
      if (answer === undefined) return { received: false, reason: 'answer too large', httpStatus: response.status };
      return judge(response.status, String(response.headers['content-type'] ?? ''), answer);
    } catch (error) {
      return { received: false, reason: transportReason(error, this.timeoutMs) };
    }
  }

  private headersFor(message: WebhookMessage, body: string): Record<string, string> {
    const at = new Date(this.now());
    return {
      'content-type': 'application/json',
      'user-agent': WEBHOOK_USER_AGENT,
      ...(message.authorization !== undefined ? { authorization: message.authorization } : {}),
      'webhook-id': message.notificationId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signerFor(message.signingSecret).sign(message.notificationId, at, body),
    };
  }
}

const UNSENDABLE_AUTHORIZATION_REASON = 'authorization value would not be sent verbatim (outside visible ASCII, or white space at an end), not sent';
const REFUSED_TARGET_REASON = 'address refused: link-local, unspecified or cloud metadata target';
const CREDENTIALS_REASON = 'address carries credentials (user:password@), refused';

function httpUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The failure an answer's status or content type already decides, before its body is read; undefined when the body decides. */
function judgeHead(status: number, contentType: string): DeliveryOutcome | undefined {
  if (status !== 200) return { received: false, reason: `status ${status}`, httpStatus: status };
  const mediaType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (mediaType !== 'text/plain') return { received: false, reason: `content type ${mediaType || 'absent'}, text/plain expected`, httpStatus: status };
  return undefined;
}

/** The contract's acknowledgement: status 200, a text/plain media type, body OK. */
export function judge(status: number, contentType: string, body: string): DeliveryOutcome {
  const head = judgeHead(status, contentType);
  if (head) return head;
  if (body.trim() !== 'OK') return { received: false, reason: 'body is not OK', httpStatus: status };
  return { received: true, httpStatus: status };
}

/** The answer body as text, or undefined once it passes `maxBytes` (the rest is not read). */
async function readBounded(stream: Readable, maxBytes: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > maxBytes) {
      stream.destroy();
      return undefined;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function transportReason(error: unknown, timeoutMs: number): string {
  if (error instanceof AxiosError) {
    if (error.code === TARGET_REFUSED) return REFUSED_TARGET_REASON;
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || error.code === 'ERR_CANCELED') return `timeout after ${timeoutMs} ms`;
    if (error.code === 'ECONNREFUSED') return 'connection refused';
    if (error.code === 'ECONNRESET') return 'connection reset';
    if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return 'host not found';
    if (error.code) return `network failure ${error.code}`;
  }
  return 'network failure';
}
