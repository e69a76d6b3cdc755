import { execFileSync } from 'node:child_process';
import { createSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throw-away key and self-signed certificate standing in for PayPal's webhook signing pair. */
export interface SigningPair {
  readonly certificatePem: string;
  sign(text: string): string;
}

/** Made by openssl at test time (no private key is kept in the repository). */
export function makeSigningPair(commonName = 'messageverificationcerts.sandbox.paypal.com', days = 3650): SigningPair {
  const dir = mkdtempSync(join(tmpdir(), 'paypal-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', String(days), '-subj', `/C=US/O=PayPal, Inc./CN=${commonName}`], { stdio: 'ignore' });
    const key = readFileSync(join(dir, 'key.pem'), 'utf8');
    const certificatePem = readFileSync(join(dir, 'cert.pem'), 'utf8');
    return { certificatePem, sign: (text) => createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
