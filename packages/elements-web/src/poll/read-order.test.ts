import { ReadOrder } from './read-order';

describe('ReadOrder: the views the page may draw', () => {
  it('draws answers in the order their requests left, whatever order they come back in', () => {
    const order = new ReadOrder();
    const first = order._sent();
    const second = order._sent();
    expect(order._draws(second, 'poll')).toBe(true);
    expect(order._draws(first, 'action')).toBe(false);
    const third = order._sent();
    expect(order._draws(third, 'action')).toBe(true);
  });

  it("drops a poll that left before an action's view was drawn, even one that left after the action", () => {
    const order = new ReadOrder();
    const start = order._sent();
    const poll = order._sent();
    expect(order._draws(start, 'action')).toBe(true);
    expect(order._draws(poll, 'poll')).toBe(false);
    expect(order._draws(order._sent(), 'poll')).toBe(true);
  });

  it("keeps an action that left after another action whose view was drawn first", () => {
    const order = new ReadOrder();
    const cancel = order._sent();
    const confirm = order._sent();
    expect(order._draws(cancel, 'action')).toBe(true);
    expect(order._draws(confirm, 'action')).toBe(true);
  });

  describe('with revisions (D85)', () => {
    it('draws a higher revision whatever its send order, and no lower one', () => {
      const order = new ReadOrder();
      const start = order._sent();
      const poll = order._sent();
      expect(order._draws(poll, 'poll', 1)).toBe(true);
      expect(order._draws(start, 'action', 2)).toBe(true);
      const next = order._sent();
      expect(order._draws(next, 'poll', 1)).toBe(false);
      expect(order._draws(order._sent(), 'poll', 2)).toBe(true);
    });

    it("draws a poll in flight when an action's view was drawn when its revision is higher: it was read after the action's write", () => {
      const order = new ReadOrder();
      const start = order._sent();
      const poll = order._sent();
      expect(order._draws(start, 'action', 2)).toBe(true);
      expect(order._draws(poll, 'poll', 3)).toBe(true);
    });

    it("between equal revisions falls back to D73's send order", () => {
      const order = new ReadOrder();
      const start = order._sent();
      const poll = order._sent();
      expect(order._draws(poll, 'poll', 2)).toBe(true);
      expect(order._draws(start, 'action', 2)).toBe(false);
      const cancel = order._sent();
      const later = order._sent();
      expect(order._draws(cancel, 'action', 2)).toBe(true);
      expect(order._draws(later, 'poll', 2)).toBe(false);
    });

    it('falls back to the send order when either view has no revision', () => {
      const order = new ReadOrder();
      const start = order._sent();
      const poll = order._sent();
      expect(order._draws(poll, 'poll', undefined)).toBe(true);
      expect(order._draws(start, 'action', 5)).toBe(false);
      const next = order._sent();
      expect(order._draws(next, 'poll', 4)).toBe(true);
      expect(order._draws(order._sent(), 'poll', undefined)).toBe(true);
    });
  });
});
