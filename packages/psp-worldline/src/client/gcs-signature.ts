import { createHmac } from 'node:crypto';

/** What Worldline signs of one request: its method, content type, Date, X-GCS headers and path. */
export interface SignedRequest {
  readonly method: string;
  /** Signed for POST, PUT and DELETE only. */
  readonly contentType?: string;
  /** The Date header's value, RFC 1123. */
  readonly date: string;
  /** Every header of the request; only the X-GCS ones are signed. */
  readonly headers: Readonly<Record<string, string>>;
  /** The path with its query string, exactly as sent. */
  readonly path: string;
}

const WITH_BODY = ['POST', 'PUT', 'DELETE'];

/**
 * A header value as Worldline canonicalizes it: a line break and any whitespace after it (any but
 * CR and LF, Unicode spaces, form feed and vertical tab included, as its SDK's authenticator) become one space.
 */
const canonical = (value: string): string => value.replace(/\r?\n[^\S\r\n]*/g, ' ').trim();

/** The string to sign of `GCS v1HMAC`. */
export function stringToSign(request: SignedRequest): string {
  const method = request.method.toUpperCase();
  const gcs = Object.entries(request.headers)
    .filter(([name]) => name.toLowerCase().startsWith('x-gcs'))
    .sort(([a], [b]) => (a.toUpperCase() < b.toUpperCase() ? -1 : a.toUpperCase() > b.toUpperCase() ? 1 : 0))
    .map(([name, value]) => `${name.toLowerCase()}:${canonical(value)}\n`)
    .join('');
  const contentType = WITH_BODY.includes(method) ? (request.contentType ?? '') : '';
  return `${method}\n${contentType}\n${request.date}\n${gcs}${request.path}\n`;
}

/** base64(HMAC-SHA256(secret as a UTF-8 string, string to sign)): the secret is never base64-decoded. */
export function gcsSignature(secretApiKey: string, request: SignedRequest): string {
  return createHmac('sha256', Buffer.from(secretApiKey, 'utf8')).update(stringToSign(request), 'utf8').digest('base64');
}

/** The Authorization header: `GCS v1HMAC:<apiKeyId>:<signature>`. */
export function gcsAuthorization(apiKeyId: string, secretApiKey: string, request: SignedRequest): string {
  return `GCS v1HMAC:${apiKeyId}:${gcsSignature(secretApiKey, request)}`;
}
