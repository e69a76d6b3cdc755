import { stateMachine, type TransitionTable } from '../shared/state-machine';
import type { Operation } from '../method/method';
import type { AttemptStatus } from './attempt.model';

/**
 * What moves an attempt:
 * - `authorized`: a hold was granted (operation authorization);
 * - `paid`: a direct payment succeeded (operation payment): the money is taken at once;
 * - `declined`: the PSP or the lender refused; `cancelled`: the payer backed out (at the PSP, or
 *   abandoned the attempt on our page);
 * - `captured`: the hold was taken; `voided`: the hold (or a same-day sale) was released.
 */
export const ATTEMPT_TRIGGERS = ['authorized', 'paid', 'declined', 'cancelled', 'captured', 'voided'] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

export const ATTEMPT_TRANSITIONS: TransitionTable<AttemptStatus, AttemptTrigger> = {
  AUTHORIZING: { authorized: 'AUTHORIZED', paid: 'CAPTURED', declined: 'DECLINED', cancelled: 'CANCELLED' },
  AUTHORIZED: { captured: 'CAPTURED', voided: 'VOIDED' },
  CAPTURED: { voided: 'VOIDED' },
  DECLINED: {},
  CANCELLED: {},
  VOIDED: {},
};

export const attemptMachine = stateMachine<AttemptStatus, AttemptTrigger>('attempt', ATTEMPT_TRANSITIONS);

/** A successful authorization verdict: a hold becomes AUTHORIZED, a direct payment goes straight to CAPTURED. */
export function attemptGranted(from: AttemptStatus, operation: Operation): AttemptStatus {
  return attemptMachine.fire(from, operation === 'authorization' ? 'authorized' : 'paid');
}
export const attemptDeclined = (from: AttemptStatus): AttemptStatus => attemptMachine.fire(from, 'declined');
export const attemptCancelled = (from: AttemptStatus): AttemptStatus => attemptMachine.fire(from, 'cancelled');
export const attemptCaptured = (from: AttemptStatus): AttemptStatus => attemptMachine.fire(from, 'captured');
export const attemptVoided = (from: AttemptStatus): AttemptStatus => attemptMachine.fire(from, 'voided');
