import { elementsGraceOver, hasEnded } from './session-ended.rule';
import { aSession, T0 } from './session.fixture';

const GRACE = 15 * 60_000;

describe('an ended session', () => {
  it('has ended in a terminal status only', () => {
    expect(hasEnded(aSession())).toBe(false);
    expect(hasEnded(aSession({ status: 'PAID' }))).toBe(true);
    expect(hasEnded(aSession({ status: 'EXPIRED' }))).toBe(true);
  });

  it('lets its elements token read until the grace after its end, not a millisecond longer', () => {
    const ended = aSession({ status: 'PAID', endedAt: T0 + 1_000, updatedAt: T0 + 5_000 });
    expect(elementsGraceOver(ended, T0 + 1_000 + GRACE, GRACE)).toBe(false);
    expect(elementsGraceOver(ended, T0 + 1_001 + GRACE, GRACE)).toBe(true);
  });

  it('counts the grace from its last update when no end time was recorded, and never lapses an open session', () => {
    const { endedAt: _none, ...noEnd } = aSession({ status: 'ABORTED', updatedAt: T0 });
    expect(elementsGraceOver(noEnd, T0 + GRACE, GRACE)).toBe(false);
    expect(elementsGraceOver(noEnd, T0 + GRACE + 1, GRACE)).toBe(true);
    expect(elementsGraceOver(aSession(), T0 + 100 * GRACE, GRACE)).toBe(false);
  });
});
