import { IllegalTransitionError } from '../errors/domain-error';
import { SESSION_STATUSES, type SessionStatus } from './session.model';
import {
  asTerminal,
  isTerminalSessionStatus,
  sessionAbandon,
  sessionAllTaken,
  sessionCaptureFailed,
  sessionCovered,
  sessionExpire,
  sessionLenderRefused,
  sessionLenderStudying,
  sessionMachine,
  sessionReleased,
  SESSION_TRIGGERS,
  type SessionTrigger,
} from './session.state';

/** The allowed transitions, written out independently of the table under test. */
const ALLOWED: readonly [SessionStatus, SessionTrigger, SessionStatus][] = [
  ['PENDING', 'covered', 'CAPTURING'],
  ['PENDING', 'all-taken', 'PAID'],
  ['PENDING', 'lender-studying', 'AWAITING'],
  ['PENDING', 'expire', 'EXPIRING'],
  ['PENDING', 'abandon', 'ABORTING'],
  ['CAPTURING', 'all-taken', 'PAID'],
  ['CAPTURING', 'capture-failed', 'PENDING'],
  ['AWAITING', 'covered', 'CAPTURING'],
  ['AWAITING', 'all-taken', 'PAID'],
  ['AWAITING', 'lender-refused', 'AWAITED_REFUSED'],
  ['EXPIRING', 'released', 'EXPIRED'],
  ['ABORTING', 'released', 'ABORTED'],
];

const FUNCTION_OF: Record<SessionTrigger, (from: SessionStatus) => SessionStatus> = {
  covered: sessionCovered,
  'all-taken': sessionAllTaken,
  'capture-failed': sessionCaptureFailed,
  'lender-studying': sessionLenderStudying,
  'lender-refused': sessionLenderRefused,
  expire: sessionExpire,
  abandon: sessionAbandon,
  released: sessionReleased,
};

describe('session state table', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, trigger, to) => {
    expect(FUNCTION_OF[trigger](from)).toBe(to);
    expect(sessionMachine.can(from, trigger)).toBe(true);
  });

  const refused = SESSION_STATUSES.flatMap((from) =>
    SESSION_TRIGGERS.filter((t) => !ALLOWED.some(([f, tr]) => f === from && tr === t)).map((t) => [from, t] as const),
  );
  it.each(refused)('%s refuses %s (a bug: IllegalTransitionError)', (from, trigger) => {
    expect(sessionMachine.can(from, trigger)).toBe(false);
    expect(() => FUNCTION_OF[trigger](from)).toThrow(IllegalTransitionError);
  });

  it('the terminal statuses are exactly the final states of the table', () => {
    const finals = SESSION_STATUSES.filter((s) => sessionMachine.isFinal(s));
    expect(finals).toEqual(['PAID', 'ABORTED', 'EXPIRED', 'AWAITED_REFUSED']);
    expect(SESSION_STATUSES.filter(isTerminalSessionStatus)).toEqual(finals);
    expect(() => asTerminal('CAPTURING')).toThrow();
  });
});
