import { PENDING_REREAD_MS, PendingReread } from './pending-reread';

/** A view as the timer sees it: shown or left, a read an action asked owed or not, its re-reads counted. */
function view() {
  const state = { shown: true, readOwed: false, rereads: 0 };
  const timer = new PendingReread({ shown: () => state.shown, readOwed: () => state.readOwed, reread: () => void (state.rereads += 1) });
  return { state, timer };
}

describe("the payment view's re-read while a refund or a replay is pending", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads again once PENDING_REREAD_MS has passed, and once only for one request', () => {
    const { state, timer } = view();
    timer.later();
    jest.advanceTimersByTime(PENDING_REREAD_MS - 1);
    expect(state.rereads).toBe(0);
    jest.advanceTimersByTime(1);
    expect(state.rereads).toBe(1);
    jest.advanceTimersByTime(PENDING_REREAD_MS * 3);
    expect(state.rereads).toBe(1);
  });

  it('replaces a re-read already due: asked twice, it reads once, counted from the last request', () => {
    const { state, timer } = view();
    timer.later();
    jest.advanceTimersByTime(PENDING_REREAD_MS / 2);
    timer.later();
    jest.advanceTimersByTime(PENDING_REREAD_MS - 1);
    expect(state.rereads).toBe(0);
    jest.advanceTimersByTime(1);
    expect(state.rereads).toBe(1);
  });

  it('waits for a read an action asked for, then reads', () => {
    const { state, timer } = view();
    state.readOwed = true;
    timer.later();
    jest.advanceTimersByTime(PENDING_REREAD_MS);
    expect(state.rereads).toBe(0);
    state.readOwed = false;
    jest.advanceTimersByTime(PENDING_REREAD_MS);
    expect(state.rereads).toBe(1);
  });

  it('reads nothing once stopped, or once the view is left', () => {
    const stopped = view();
    stopped.timer.later();
    stopped.timer.stop();
    jest.advanceTimersByTime(PENDING_REREAD_MS * 2);
    expect(stopped.state.rereads).toBe(0);

    const left = view();
    left.timer.later();
    left.state.shown = false;
    jest.advanceTimersByTime(PENDING_REREAD_MS * 2);
    expect(left.state.rereads).toBe(0);
  });
});
