import type { Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { limiterStore, type SharedLimiterCounters } from '../app/hit-counter-store';
import { addressOf, retryAfterSeconds } from '../app/rate-limit-answer';
import type { ErrorEnvelope } from '../errors/error-envelope';
import { elementsTokenOf } from './elements-token';

/**
 * Attempt starts (and wallet confirms and merchant validations) allowed within one window, per elements token and per client
 * address (docs/decisions.md D53). Counted in this process's memory, unless shared counters are given (D55).
 */
export interface AttemptRateLimit {
  readonly windowMs: number;
  readonly perToken: number;
  readonly perAddress: number;
}

export const DEFAULT_ATTEMPT_RATE_LIMIT: AttemptRateLimit = { windowMs: 10 * 60_000, perToken: 10, perAddress: 30 };

/** The doors limited, each on counters of its own. */
export type AttemptDoor = 'start' | 'confirm' | 'wallet-session';

/**
 * Confirms one start may need (docs/decisions.md D53, D59): a wallet's one, a card's native 3-D Secure
 * 2 fingerprint and challenge results two. The confirm door's budgets are the start's times this, so
 * that a payer within the start budget never sees the issuer's answer refused after authenticating.
 * It adds no card tries: every confirm needs a started attempt and is taken once per due step.
 */
export const CONFIRMS_PER_START = 2;

/**
 * Merchant validations one start may need (docs/decisions.md D126-c): its sheet's, and the one of a
 * sheet opened again on the same attempt after a lost start answer (D102-c). Each is a call to the
 * wallet's PSP (Adyen's /applePay/sessions), so the door is limited like the ones that pay.
 */
export const VALIDATIONS_PER_START = 2;

const SCALE: Record<AttemptDoor, number> = { start: 1, confirm: CONFIRMS_PER_START, 'wallet-session': VALIDATIONS_PER_START };

function refuse(req: Request, res: Response, windowMs: number): void {
  const retryAfterS = retryAfterSeconds(req, windowMs);
  res.setHeader('Retry-After', String(retryAfterS));
  res.status(429).json({ code: 'TooManyRequests', message: `Too many payment attempts; retry after ${retryAfterS} seconds` } satisfies ErrorEnvelope);
}

/**
 * The two limiters of the payer doors that reach a PSP: one per client address (Express's req.ip,
 * TRUST_PROXY applied; IPv6 by /56), one per elements token, keyed on its digest so the memory never
 * holds a usable token. A request without a token is left to the use case (InvalidElementsToken).
 * `uncounted` names requests neither budget counts (a repeat of a recorded start, D97).
 */
export function attemptLimiters(limits: AttemptRateLimit, digest: (token: string) => string, door: AttemptDoor, shared?: SharedLimiterCounters, uncounted: (res: Response) => boolean = () => false): RequestHandler[] {
  const common = { windowMs: limits.windowMs, standardHeaders: false, legacyHeaders: false, skip: (_req: Request, res: Response) => uncounted(res) } as const;
  const scale = SCALE[door];
  const storeOf = (budget: 'address' | 'token') => limiterStore(shared, `attempts:${door}:${budget}`, limits.windowMs);
  const byAddress = rateLimit({
    ...common,
    ...storeOf('address'),
    limit: limits.perAddress * scale,
    keyGenerator: addressOf,
    handler: (req, res) => refuse(req, res, limits.windowMs),
  });
  const byToken = rateLimit({
    ...common,
    ...storeOf('token'),
    limit: limits.perToken * scale,
    skip: (req, res) => uncounted(res) || elementsTokenOf(req) === undefined,
    keyGenerator: (req) => digest(elementsTokenOf(req) ?? ''),
    handler: (req, res) => refuse(req, res, limits.windowMs),
  });
  return [byAddress, byToken];
}
