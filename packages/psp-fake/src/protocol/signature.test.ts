import { sameSecret, signBody, verifyBody } from './signature';

describe('notification signature', () => {
  const body = '{"id":"n1","result":"authorized"}';

  it('is the hex HMAC-SHA256 of the raw body', () => {
    // Reference value: printf '%s' "$body" | openssl dgst -sha256 -hmac secret
    expect(signBody('hello', 'secret')).toBe('88aab3ede8d3adf94d26ab90d3bafd4a2083070c3bcce9c014ee04a443847c0b');
  });

  it('verifies the raw body it was made over, and nothing else', () => {
    const signature = signBody(body, 'secret');
    expect(verifyBody(body, signature, 'secret')).toBe(true);
    expect(verifyBody(body, signature.toUpperCase(), 'secret')).toBe(true);
    expect(verifyBody(`${body} `, signature, 'secret')).toBe(false);
    expect(verifyBody(body, signature, 'other')).toBe(false);
    expect(verifyBody(body, undefined, 'secret')).toBe(false);
    expect(verifyBody(body, 'abc', 'secret')).toBe(false);
    const flipped = signature.slice(0, 63) + (signature.endsWith('0') ? '1' : '0');
    expect(verifyBody(body, flipped, 'secret')).toBe(false);
  });

  it('compares API keys whole', () => {
    expect(sameSecret('key', 'key')).toBe(true);
    expect(sameSecret('key ', 'key')).toBe(false);
    expect(sameSecret('ke', 'key')).toBe(false);
    expect(sameSecret(undefined, 'key')).toBe(false);
  });
});
