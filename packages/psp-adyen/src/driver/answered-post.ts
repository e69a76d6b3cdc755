import type { AdyenResult, AdyenTimedCalls } from '../client/adyen.client';

/**
 * The wallet confirm's sends: the token lives only in this request's memory, and Adyen has no status
 * query, so a send without an answer is tried again while the token is still here. The page waits
 * 20 s for the confirm's answer (D102, D111); the service's own writes need the rest.
 */
export const WALLET_CONFIRM_WITHIN_MS = 15_000;
/** Sends of one confirm at most, the first included. */
export const WALLET_CONFIRM_TRIES = 3;
/** Waits before the second and third send: a moment for a passing fault at Adyen to clear. */
export const WALLET_CONFIRM_PAUSES_MS: readonly number[] = [250, 1_000];

export interface RetryPlan {
  readonly tries: number;
  readonly pausesMs: readonly number[];
  readonly pause: (ms: number) => Promise<void>;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Adyen gave no usable answer: nothing came back, or a 5xx (it may or may not have acted). */
export const isUnanswered = (result: AdyenResult): boolean => result.kind === 'transport' || result.status >= 500;

/**
 * Posts until Adyen answers, always with the same Idempotency-Key (a send Adyen did act on is
 * answered with that first outcome, never made twice): at most `plan.tries` sends within the calls'
 * deadline, a pause before each resend that the deadline leaves room for. Answers the last result.
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
