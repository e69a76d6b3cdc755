/** PKCE (RFC 7636) with the S256 method, the only one the dashboard login accepts. */
export interface PkceS256 {
  /** BASE64URL(SHA-256(verifier)), what the authorization request's code_challenge must equal. */
  challengeOf(verifier: string): string;
}

/** RFC 7636 section 4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
export const CODE_VERIFIER_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/** An S256 challenge is the unpadded base64url of a 32-byte digest: exactly 43 characters. */
export const S256_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
