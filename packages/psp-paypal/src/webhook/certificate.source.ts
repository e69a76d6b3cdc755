import { X509Certificate } from 'node:crypto';
import { createPspHttp, type PspHttpClient } from '@splitpay/psp-http';
import type { Clock } from '@splitpay/domain';

/** A signing certificate, or why it cannot be trusted (`unavailable`: try again later). */
export type CertificateResult =
  | { readonly kind: 'certificate'; readonly certificate: X509Certificate }
  | { readonly kind: 'untrusted'; readonly reason: string }
  | { readonly kind: 'unavailable'; readonly reason: string };

/** PayPal rotates a certificate under a new URL, so one fetched stays good until it expires; a few are kept. */
const KEPT = 16;

/**
 * Whether PayPal's PAYPAL-CERT-URL may be fetched at all: https on PayPal's own hosts
 * (`paypal.com` and its subdomains), default port, no credentials. Anything else is never fetched.
 */
export function isPayPalCertUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && url.port === '' && url.username === '' && url.password === '' && (host === 'paypal.com' || host.endsWith('.paypal.com'));
}

function commonName(subject: string): string | undefined {
  return subject
    .split('\n')
    .map((line) => /^CN=(.*)$/.exec(line.trim())?.[1])
    .find((cn) => cn !== undefined);
}

/**
 * The certificates PayPal signs webhooks with, fetched from PAYPAL-CERT-URL only when it names a
 * PayPal host (over TLS, which vouches for the host), and kept by URL. The leaf must be current and
 * issued to a paypal.com name.
 */
export class PayPalCertificates {
  private readonly kept = new Map<string, Promise<CertificateResult>>();
  private readonly http: PspHttpClient;

  constructor(private readonly deps: { readonly clock: Clock; readonly timeoutMs?: number }) {
    this.http = createPspHttp({ timeoutMs: deps.timeoutMs ?? 10_000 });
  }

  async get(url: string): Promise<CertificateResult> {
    if (!isPayPalCertUrl(url)) return { kind: 'untrusted', reason: 'the certificate URL is not on a PayPal host' };
    let pending = this.kept.get(url);
    if (!pending) {
      pending = this.fetch(url);
      this.kept.set(url, pending);
      if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value as string);
    }
    const result = await pending;
    if (result.kind !== 'certificate') this.kept.delete(url);
    return result.kind === 'certificate' ? this.current(result.certificate) : result;
  }

  private current(certificate: X509Certificate): CertificateResult {
    const now = this.deps.clock.now();
    if (now < Date.parse(certificate.validFrom) || now > Date.parse(certificate.validTo)) return { kind: 'untrusted', reason: 'the certificate is not current' };
    return { kind: 'certificate', certificate };
  }

  private async fetch(url: string): Promise<CertificateResult> {
    let pem: string;
    try {
      const response = await this.http.get<string>(url, { responseType: 'text' });
      if (response.status !== 200 || typeof response.data !== 'string') return { kind: 'unavailable', reason: `the certificate URL answered ${response.status}` };
      pem = response.data;
    } catch (error) {
      return { kind: 'unavailable', reason: error instanceof Error && error.message ? error.message : 'no answer from the certificate URL' };
    }
    // The leaf comes first in PayPal's chain.
    const leaf = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(pem)?.[0];
    let certificate: X509Certificate;
    try {
      if (!leaf) throw new Error('no PEM certificate');
      certificate = new X509Certificate(leaf);
    } catch {
      return { kind: 'untrusted', reason: 'the certificate URL gave no readable certificate' };
    }
    const cn = commonName(certificate.subject)?.toLowerCase();
    if (!cn || !(cn === 'paypal.com' || cn.endsWith('.paypal.com'))) return { kind: 'untrusted', reason: 'the certificate is not issued to a PayPal name' };
    return { kind: 'certificate', certificate };
  }
}
