import { isInProgress, isNotNow } from '../client/adyen-ack';
import type { AdyenResult, AdyenTimedCalls } from '../client/adyen.client';

/**
 * The sends of a call carrying a one-time secret of the payer's (an Apple Pay token, Adyen Web's
 * encrypted card fields, a 3-D Secure result): the secret lives only in this request's memory, and
 * Adyen has no status query, so a send without an answer is tried again while the secret is still
 * here. The page waits 20 s for the start's and the confirm's answers (D102, D111); the service's own
 * writes need the rest.
 */
export const HELD_SECRET_WITHIN_MS = 15_000;
/** Sends of one call at most, the first included. */
export const HELD_SECRET_TRIES = 3;
/** Waits before the second and third send: a moment for a passing fault, or the first send, to finish at Adyen. */
export const HELD_SECRET_PAUSES_MS: readonly number[] = [250, 1_000];

export interface RetryPlan {
  readonly tries: number;
  readonly pausesMs: readonly number[];
  readonly pause: (ms: number) => Promise<void>;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Adyen gave no usable answer: nothing came back, a 5xx (it may or may not have acted), its
 * answer that the key's first request is still in progress (704: once that one is done, the same
 * key is answered with its outcome), or "not now" (408, 429: a moment later may pass).
 */
export const isUnanswered = (result: AdyenResult): boolean => result.kind === 'transport' || result.status >= 500 || isInProgress(result) || isNotNow(result);

/**
 * Posts until Adyen answers, always with the same Idempotency-Key and body (a send Adyen did act on
 * is answered with that first outcome, never made twice): at most `plan.tries` sends within the
 * calls' deadline, a pause before each resend that the deadline leaves room for. Answers the last result.
 */
export async function postUntilAnswered(calls: AdyenTimedCalls, send: (calls: AdyenTimedCalls) => Promise<AdyenResult>, plan: RetryPlan): Promise<AdyenResult> {
  let result = await send(calls);
  for (let sent = 1; isUnanswered(result); sent += 1) {
    const pauseMs = plan.pausesMs[sent - 1] ?? plan.pausesMs[plan.pausesMs.length - 1] ?? 0;
    // A resend needs the pause and then time for an answer: a second at least.
    if (sent >= plan.tries || calls.remainingMs() < pauseMs + 1_000) break;
    await plan.pause(pauseMs);
    result = await send(calls);
  }
  return result;
}
