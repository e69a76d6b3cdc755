/** Slow password hashing (scrypt) for client secrets and contact passwords. */
export interface PasswordHasher {
  hash(secret: string): Promise<string>;
  /** Constant-time comparison against a stored hash. */
  verify(secret: string, hash: string): Promise<boolean>;
}

/**
 * Encrypts secrets the service must later send verbatim (webhook authorization value, signing
 * secret), so no stored document holds them in clear.
 */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** Opaque random tokens and their one-way digests (only digests are stored). */
export interface TokenMinter {
  /** A new elements token: `pst_` followed by at least 256 bits of randomness, URL-safe. */
  newElementsToken(): string;
  /** A new opaque token for other uses (authorization codes, refresh tokens), URL-safe. */
  newOpaqueToken(): string;
  /** Hex SHA-256 digest, what is stored and looked up instead of the token. */
  digest(token: string): string;
}

/**
 * Elements tokens that a retried creation can answer again though no stored document holds them
 * (docs/decisions.md D63): each is derived from a random salt, which is stored, under a key of the
 * service, which is not.
 */
export interface DerivedElementsTokens {
  /** A new random salt (at least 256 bits), URL-safe. */
  newSalt(): string;
  /** `pst_` and a keyed MAC of `salt`: the same salt gives the same token while the key is unchanged. */
  tokenOf(salt: string): string;
}
