import { IllegalTransitionError } from '../errors/domain-error';
import { ATTEMPT_STATUSES, type AttemptStatus } from './attempt.model';
import {
  attemptCancelled,
  attemptCaptured,
  attemptDeclined,
  attemptGranted,
  attemptMachine,
  attemptVoided,
  ATTEMPT_TRIGGERS,
  type AttemptTrigger,
} from './attempt.state';

const ALLOWED: readonly [AttemptStatus, AttemptTrigger, AttemptStatus][] = [
  ['AUTHORIZING', 'authorized', 'AUTHORIZED'],
  ['AUTHORIZING', 'paid', 'CAPTURED'],
  ['AUTHORIZING', 'declined', 'DECLINED'],
  ['AUTHORIZING', 'cancelled', 'CANCELLED'],
  ['AUTHORIZED', 'captured', 'CAPTURED'],
  ['AUTHORIZED', 'voided', 'VOIDED'],
  ['CAPTURED', 'voided', 'VOIDED'],
];

const FUNCTION_OF: Record<AttemptTrigger, (from: AttemptStatus) => AttemptStatus> = {
  authorized: (from) => attemptGranted(from, 'authorization'),
  paid: (from) => attemptGranted(from, 'payment'),
  declined: attemptDeclined,
  cancelled: attemptCancelled,
  captured: attemptCaptured,
  voided: attemptVoided,
};

describe('attempt state table', () => {
  it.each(ALLOWED)('%s --%s--> %s', (from, trigger, to) => {
    expect(FUNCTION_OF[trigger](from)).toBe(to);
  });

  const refused = ATTEMPT_STATUSES.flatMap((from) =>
    ATTEMPT_TRIGGERS.filter((t) => !ALLOWED.some(([f, tr]) => f === from && tr === t)).map((t) => [from, t] as const),
  );
  it.each(refused)('%s refuses %s (a bug: IllegalTransitionError)', (from, trigger) => {
    expect(attemptMachine.can(from, trigger)).toBe(false);
    expect(() => FUNCTION_OF[trigger](from)).toThrow(IllegalTransitionError);
  });

  it('a successful verdict takes a hold to AUTHORIZED and a direct payment straight to CAPTURED', () => {
    expect(attemptGranted('AUTHORIZING', 'authorization')).toBe('AUTHORIZED');
    expect(attemptGranted('AUTHORIZING', 'payment')).toBe('CAPTURED');
  });

  it('DECLINED, CANCELLED and VOIDED are final', () => {
    expect(ATTEMPT_STATUSES.filter((s) => attemptMachine.isFinal(s))).toEqual(['DECLINED', 'CANCELLED', 'VOIDED']);
  });
});
