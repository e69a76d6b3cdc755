import { crc32 } from 'node:zlib';
import { verify, type X509Certificate } from 'node:crypto';

/** The PAYPAL-TRANSMISSION-* headers of a webhook delivery. */
export interface Transmission {
  readonly id: string;
  readonly time: string;
  /** base64 */
  readonly signature: string;
  readonly certUrl: string;
  readonly authAlgo: string;
}

const HEADERS = {
  id: 'paypal-transmission-id',
  time: 'paypal-transmission-time',
  signature: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;

/** The transmission headers, read case-insensitively; undefined when one is missing. */
export function readTransmission(headers: Readonly<Record<string, string | undefined>>): Transmission | undefined {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const read = (name: string): string | undefined => {
    const value = lower.get(name);
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  };
  const id = read(HEADERS.id);
  const time = read(HEADERS.time);
  const signature = read(HEADERS.signature);
  const certUrl = read(HEADERS.certUrl);
  const authAlgo = read(HEADERS.authAlgo);
  return id && time && signature && certUrl && authAlgo ? { id, time, signature, certUrl, authAlgo } : undefined;
}

/**
 * The string PayPal signs (as its own SDKs check it offline): transmission id, transmission time,
 * our webhook id and the CRC-32 of the raw body bytes as an unsigned decimal, joined by `|`.
 */
export function signedString(transmission: Pick<Transmission, 'id' | 'time'>, webhookId: string, rawBody: string): string {
  return `${transmission.id}|${transmission.time}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8'))}`;
}

/** RSA-SHA256 (PAYPAL-AUTH-ALGO SHA256withRSA) of the signed string under the certificate's key. */
export function verifyTransmission(transmission: Transmission, webhookId: string, rawBody: string, certificate: X509Certificate): boolean {
  if (transmission.authAlgo.toUpperCase() !== 'SHA256WITHRSA') return false;
  try {
    return verify('RSA-SHA256', Buffer.from(signedString(transmission, webhookId, rawBody), 'utf8'), certificate.publicKey, Buffer.from(transmission.signature, 'base64'));
  } catch {
    return false;
  }
}
