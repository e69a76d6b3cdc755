import { transportFailureMessage } from '@splitpay/domain';
import { exchange, type PspCallee, type PspHttpClient, type PspHttpRequest, type PspHttpResult } from './psp-http.client';

/** How one call is sent: `exchange` itself, or an operation's deadline's. */
export type PspExchange = (client: PspHttpClient, request: PspHttpRequest, callee: PspCallee) => Promise<PspHttpResult>;

/**
 * The calls of one capture, void or refund (or of one lookup of it) sharing one timeout: each call
 * may take only what the earlier ones left, and a call with nothing left is not sent. The service
 * times the worker's first send of an owed operation one timeout after its sender started (D90);
 * calls each allowed the whole timeout would outlast that window, and another instance would send
 * the operation again while this one still talks to the PSP.
 */
export interface OperationDeadline {
  /** What is left of the timeout, in whole milliseconds; 0 once it has run out. */
  remainingMs(): number;
  /** Sends one call with what is left as its timeout; none left: not sent, a transport result. */
  readonly exchange: PspExchange;
}

/** The deadline of an operation starting now: `timeoutMs` from `now()` (the clock the calls are timed on). */
export function operationDeadline(timeoutMs: number, now: () => number = Date.now): OperationDeadline {
  const deadline = now() + timeoutMs;
  const remainingMs = (): number => Math.max(0, Math.floor(deadline - now()));
  return {
    remainingMs,
    exchange: (client, request, callee) => {
      const left = remainingMs();
      // axios reads a timeout of 0 as no timeout at all: a call with nothing left must not be sent.
      if (left < 1) return Promise.resolve(outOfTime(callee));
      return exchange(client, { ...request, timeout: left }, callee);
    },
  };
}

/**
 * The result of a call its operation's deadline left no time for: never sent, so what the PSP did is
 * unknown. Its message says ETIMEDOUT as an unanswered call's does: the operation waited out its
 * timeout all the same, and `timedOut` must read it so (the return door then asks no second wait,
 * D150-c); the log cause keeps why.
 */
export function outOfTime(callee: Pick<PspCallee, 'provider'>): Extract<PspHttpResult, { kind: 'transport' }> {
  return { kind: 'transport', message: transportFailureMessage('ETIMEDOUT', callee.provider), cause: `no time left of the operation's timeout: not sent to ${callee.provider}` };
}
