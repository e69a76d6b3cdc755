import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from '@splitpay/domain';
import { rateLimit, type Store } from 'express-rate-limit';
import { HitCounterStore } from '../app/hit-counter-store';
import type { HitCounters } from '../app/hit-counters.port';
import { addressOf, retryAfterSeconds } from '../app/rate-limit-answer';
import type { ErrorEnvelope } from '../errors/error-envelope';
import { elementsTokenOf } from './elements-token';

/**
 * Attempt starts (and wallet confirms) allowed within one window, per elements token and per client
 * address (docs/decisions.md D53). Counted in this process's memory, unless AttemptCounters are given.
 */
export interface AttemptRateLimit {
  readonly windowMs: number;
  readonly perToken: number;
  readonly perAddress: number;
}

export const DEFAULT_ATTEMPT_RATE_LIMIT: AttemptRateLimit = { windowMs: 10 * 60_000, perToken: 10, perAddress: 30 };

/**
 * Counters shared by every instance of the service (D55; MongoDB's when the service runs on it).
 * Without them each process counts in its own memory (express-rate-limit's memory store).
 */
export interface AttemptCounters {
  readonly counters: HitCounters;
  /** Where `rate_limit.store_unavailable` goes when the counters fail (the request then goes on). */
  readonly logger: Pick<Logger, 'warn'>;
  /** How long to wait for the counters before letting a request through; default 2 s. */
  readonly deadlineMs?: number;
}

/** The doors limited, each on counters of its own. */
export type AttemptDoor = 'start' | 'confirm';

function refuse(req: Request, res: Response, windowMs: number): void {
  const retryAfterS = retryAfterSeconds(req, windowMs);
  res.setHeader('Retry-After', String(retryAfterS));
  res.status(429).json({ code: 'TooManyRequests', message: `Too many payment attempts; retry after ${retryAfterS} seconds` } satisfies ErrorEnvelope);
}

/**
 * The two limiters of the payer doors that reach a PSP: one per client address (Express's req.ip,
 * TRUST_PROXY applied; IPv6 by /56), one per elements token, keyed on its digest so the memory never
 * holds a usable token. A request without a token is left to the use case (InvalidElementsToken).
 */
export function attemptLimiters(limits: AttemptRateLimit, digest: (token: string) => string, door: AttemptDoor, shared?: AttemptCounters): RequestHandler[] {
  const common = { windowMs: limits.windowMs, standardHeaders: false, legacyHeaders: false } as const;
  // One store per limiter (express-rate-limit refuses a shared one); none: its own memory store.
  const storeOf = (budget: 'address' | 'token'): { store?: Store } =>
    shared ? { store: new HitCounterStore({ name: `attempts:${door}:${budget}`, windowMs: limits.windowMs, ...shared }) } : {};
  const byAddress = rateLimit({
    ...common,
    ...storeOf('address'),
    limit: limits.perAddress,
    keyGenerator: addressOf,
    handler: (req, res) => refuse(req, res, limits.windowMs),
  });
  const byToken = rateLimit({
    ...common,
    ...storeOf('token'),
    limit: limits.perToken,
    skip: (req) => elementsTokenOf(req) === undefined,
    keyGenerator: (req) => digest(elementsTokenOf(req) ?? ''),
    handler: (req, res) => refuse(req, res, limits.windowMs),
  });
  return [byAddress, byToken];
}
