import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '@splitpay/domain';

/** scrypt cost parameters: N = 2^logN, block size r, parallelization p. */
export interface ScryptCost {
  readonly logN: number;
  readonly r: number;
  readonly p: number;
}

/** OWASP's scrypt setting for 32 MiB of memory (N=2^15, r=8, p=3). */
export const DEFAULT_SCRYPT_COST: ScryptCost = { logN: 15, r: 8, p: 3 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** `$scrypt$ln=15,r=8,p=3$<salt base64>$<hash base64>` (PHC string format, unpadded base64). */
const ENCODED = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{32,})$/;

interface ParsedHash {
  readonly cost: ScryptCost;
  readonly salt: Buffer;
  readonly hash: Buffer;
}

function derive(secret: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** cost.logN, r: cost.r, p: cost.p, maxmem: 256 * 2 ** cost.logN * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(secret.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function parse(encoded: string): ParsedHash | undefined {
  const match = ENCODED.exec(encoded);
  if (!match) return undefined;
  const [, logN, r, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const cost = { logN: Number(logN), r: Number(r), p: Number(p) };
  if (cost.logN < 10 || cost.logN > 20 || cost.r < 1 || cost.r > 32 || cost.p < 1 || cost.p > 16) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

/** Whether a string is a hash this hasher can verify (the merchants file may carry `secretHash`). */
export function isScryptHash(encoded: string): boolean {
  return parse(encoded) !== undefined;
}

/**
 * Slow password hashing with node:crypto scrypt: a random salt per hash, the cost parameters encoded
 * in the hash (so raising the cost later keeps old hashes verifiable), constant-time comparison.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  private readonly cost: ScryptCost;

  constructor(deps: { readonly cost?: ScryptCost } = {}) {
    this.cost = deps.cost ?? DEFAULT_SCRYPT_COST;
  }

  async hash(secret: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const key = await derive(secret, salt, this.cost, KEY_LENGTH);
    const { logN, r, p } = this.cost;
    return `$scrypt$ln=${logN},r=${r},p=${p}$${unpadded(salt)}$${unpadded(key)}`;
  }

  async verify(secret: string, hash: string): Promise<boolean> {
    const parsed = parse(hash);
    if (!parsed) return false;
    const key = await derive(secret, parsed.salt, parsed.cost, parsed.hash.length);
    return timingSafeEqual(key, parsed.hash);
  }
}

function unpadded(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}
