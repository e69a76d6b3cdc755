import { createHash } from 'node:crypto';
import { transportFailureMessage, type Clock, type Logger } from '@splitpay/domain';
import { exchange, outcomeOfStatus, outOfTime, type PspHttpClient } from '@splitpay/psp-http';
import { logPayPalFailure } from './paypal-call-log';
import { PAYPAL_API_BASE, type PayPalContract } from '../settings/paypal-settings';

/** A bearer token, or why none could be had (the token itself never appears in a message). */
export type TokenResult =
  | { readonly kind: 'token'; readonly token: string }
  | { readonly kind: 'transport'; readonly message: string; readonly cause: string }
  | { readonly kind: 'credentials'; readonly status: number; readonly message: string };

const TOKEN_PATH = '/v1/oauth2/token';
const TOKEN_ENDPOINT = "PayPal's token endpoint";

/** A token is renewed this long before PayPal says it expires (at most half its lifetime). */
const RENEW_MARGIN_MS = 5 * 60_000;

/**
 * PayPal's OAuth tokens (client_credentials), one per contract: fetched once, shared by every call
 * until shortly before `expires_in` runs out, and dropped when PayPal answers 401 so the next call
 * fetches a fresh one. Concurrent calls for the same contract share one fetch. A contract is keyed
 * by environment, client id and a digest of its secret, so a rotated secret gets a new token.
 * A fetch is sent with the whole PSP timeout, whoever starts it: it is shared, and an operation with
 * little time left must not cut it short for the others. Each caller waits for it within its own time
 * only (`remainingMs`, its operation's); out of time, it stops waiting and the fetch goes on (D101-b).
 */
export class PayPalTokens {
  private readonly held = new Map<string, { readonly token: string; readonly renewAt: number }>();
  private readonly fetching = new Map<string, Promise<TokenResult>>();

  constructor(private readonly deps: { readonly http: PspHttpClient; readonly clock: Clock; readonly logger: Logger }) {}

  /** The contract's token; `remainingMs` is what is left of the caller's operation (none: a plain call). */
  async get(contract: PayPalContract, remainingMs?: () => number): Promise<TokenResult> {
    const key = keyOf(contract);
    const held = this.held.get(key);
    if (held && this.deps.clock.now() < held.renewAt) return { kind: 'token', token: held.token };
    const left = remainingMs?.();
    // Nothing left: no fetch is started for this caller (D101).
    if (left !== undefined && left < 1) return outOfTime({ provider: TOKEN_ENDPOINT });
    let pending = this.fetching.get(key);
    if (!pending) {
      pending = this.fetch(contract, key).finally(() => this.fetching.delete(key));
      this.fetching.set(key, pending);
    }
    return left === undefined ? pending : waitWithin(pending, left);
  }

  /** PayPal refused `token`: forget it (unless another call already replaced it). */
  invalidate(contract: PayPalContract, token: string): void {
    const key = keyOf(contract);
    if (this.held.get(key)?.token === token) this.held.delete(key);
  }

  private async fetch(contract: PayPalContract, key: string): Promise<TokenResult> {
    const basic = Buffer.from(`${contract.clientId}:${contract.clientSecret}`).toString('base64');
    const answer = await exchange(
      this.deps.http,
      {
        method: 'POST',
        url: `${PAYPAL_API_BASE[contract.environment]}${TOKEN_PATH}`,
        data: 'grant_type=client_credentials',
        auth: { username: contract.clientId, password: contract.clientSecret },
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      },
      { provider: TOKEN_ENDPOINT, secrets: [contract.clientSecret, basic] },
    );
    // Once per fetch, however many calls share it.
    logPayPalFailure(this.deps.logger, TOKEN_PATH, answer);
    if (answer.kind === 'transport') return answer;
    const { status, body } = answer;
    const token = body.access_token;
    const lifetimeS = body.expires_in;
    if (status === 200 && typeof token === 'string' && token.length > 0 && typeof lifetimeS === 'number' && lifetimeS > 0) {
      const lifetimeMs = lifetimeS * 1000;
      this.held.set(key, { token, renewAt: this.deps.clock.now() + lifetimeMs - Math.min(RENEW_MARGIN_MS, lifetimeMs / 2) });
      return { kind: 'token', token };
    }
    // A 5xx, a 408 or a 429 (rate limited) says "not now", not that the credentials are wrong.
    if (outcomeOfStatus(status) !== 'rejected') {
      const message = `PayPal's token endpoint answered ${status} without a usable token`;
      // A 5xx is written above; a 200 without a token would pass unseen.
      if (status === 200) this.deps.logger.warn('paypal.call_failed', { method: 'paypal', path: TOKEN_PATH, cause: message });
      return { kind: 'transport', message, cause: message };
    }
    const name = typeof body.error === 'string' ? body.error : typeof body.name === 'string' ? body.name : 'refused';
    return { kind: 'credentials', status, message: `PayPal refused the contract's credentials (${name})` };
  }
}

/**
 * The shared fetch, waited for no longer than `leftMs`; then an unknown (transport) result for this
 * caller only, an ETIMEDOUT as outOfTime's (D150-c); the log cause keeps why.
 */
async function waitWithin(pending: Promise<TokenResult>, leftMs: number): Promise<TokenResult> {
  const cause = `no time left of the operation's timeout: no answer from ${TOKEN_ENDPOINT} in it`;
  const noTimeLeft: TokenResult = { kind: 'transport', message: transportFailureMessage('ETIMEDOUT', 'PayPal'), cause };
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<TokenResult>((resolve) => {
    timer = setTimeout(() => resolve(noTimeLeft), leftMs);
  });
  try {
    return await Promise.race([pending, expired]);
  } finally {
    clearTimeout(timer);
  }
}

function keyOf(contract: PayPalContract): string {
  const secret = createHash('sha256').update(contract.clientSecret).digest('base64url');
  return `${contract.environment}|${contract.clientId}|${secret}`;
}
