import type { SessionStatus, TerminalSessionStatus } from './session.model';
import { TERMINAL_SESSION_STATUSES } from './session.model';
import { stateMachine, type TransitionTable } from '../shared/state-machine';

/**
 * What moves a session:
 * - `covered`: settled tranches reach the total and some holds must be captured;
 * - `all-taken`: settled tranches reach the total and every one already took its money;
 * - `capture-failed`: a capture failed, the session is no longer covered (the payer may pay the rest);
 * - `lender-studying`: the financing attempt that would cover the balance is being studied;
 * - `lender-refused`: the lender refused, or the wait bound was reached;
 * - `expire`: the ttl elapsed on an open session; `abandon`: the payer gave up;
 * - `released`: every hold and direct payment of an expiring or aborting session has been handed back.
 */
export const SESSION_TRIGGERS = [
  'covered',
  'all-taken',
  'capture-failed',
  'lender-studying',
  'lender-refused',
  'expire',
  'abandon',
  'released',
] as const;
export type SessionTrigger = (typeof SESSION_TRIGGERS)[number];

export const SESSION_TRANSITIONS: TransitionTable<SessionStatus, SessionTrigger> = {
  PENDING: {
    covered: 'CAPTURING',
    'all-taken': 'PAID',
    'lender-studying': 'AWAITING',
    expire: 'EXPIRING',
    abandon: 'ABORTING',
  },
  CAPTURING: { 'all-taken': 'PAID', 'capture-failed': 'PENDING' },
  AWAITING: { covered: 'CAPTURING', 'all-taken': 'PAID', 'lender-refused': 'AWAITED_REFUSED' },
  EXPIRING: { released: 'EXPIRED' },
  ABORTING: { released: 'ABORTED' },
  PAID: {},
  ABORTED: {},
  EXPIRED: {},
  AWAITED_REFUSED: {},
};

export const sessionMachine = stateMachine<SessionStatus, SessionTrigger>('session', SESSION_TRANSITIONS);

export const sessionCovered = (from: SessionStatus): SessionStatus => sessionMachine.fire(from, 'covered');
export const sessionAllTaken = (from: SessionStatus): SessionStatus => sessionMachine.fire(from, 'all-taken');
export const sessionCaptureFailed = (from: SessionStatus): SessionStatus => sessionMachine.fire(from, 'capture-failed');
export const sessionLenderStudying = (from: SessionStatus): SessionStatus => sessionMachine.fire(from, 'lender-studying');
export const sessionLenderRefused = (from: SessionStatus): SessionStatus => sessionMachine.fire(from, 'lender-refused');
export const sessionExpire = (from: SessionStatus): SessionStatus => sessionMachine.fire(from, 'expire');
export const sessionAbandon = (from: SessionStatus): SessionStatus => sessionMachine.fire(from, 'abandon');
export const sessionReleased = (from: SessionStatus): SessionStatus => sessionMachine.fire(from, 'released');

export function isTerminalSessionStatus(status: SessionStatus): status is TerminalSessionStatus {
  return (TERMINAL_SESSION_STATUSES as readonly SessionStatus[]).includes(status);
}

/** Narrows a status the table says is terminal; anything else is a bug. */
export function asTerminal(status: SessionStatus): TerminalSessionStatus {
  if (!isTerminalSessionStatus(status)) throw new Error(`session: ${status} is not a terminal status`);
  return status;
}

/** The payer may still act (start, cancel, accept, abandon): the session is PENDING. */
export function acceptsPayerDecisions(status: SessionStatus): boolean {
  return status === 'PENDING';
}

/** Authorization verdicts are taken into the order only while the session is open (PENDING or AWAITING). */
export function acceptsVerdicts(status: SessionStatus): boolean {
  return status === 'PENDING' || status === 'AWAITING';
}
