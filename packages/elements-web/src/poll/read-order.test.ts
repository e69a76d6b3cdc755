import { ReadOrder } from './read-order';

describe('ReadOrder: the views the page may draw', () => {
  it('draws answers in the order their requests left, whatever order they come back in', () => {
    const order = new ReadOrder();
    const first = order.sent();
    const second = order.sent();
    expect(order.draws(second, 'poll')).toBe(true);
    expect(order.draws(first, 'action')).toBe(false);
    const third = order.sent();
    expect(order.draws(third, 'action')).toBe(true);
  });

  it("drops a poll that left before an action's view was drawn, even one that left after the action", () => {
    const order = new ReadOrder();
    const start = order.sent();
    const poll = order.sent();
    expect(order.draws(start, 'action')).toBe(true);
    expect(order.draws(poll, 'poll')).toBe(false);
    expect(order.draws(order.sent(), 'poll')).toBe(true);
  });

  it("keeps an action that left after another action whose view was drawn first", () => {
    const order = new ReadOrder();
    const cancel = order.sent();
    const confirm = order.sent();
    expect(order.draws(cancel, 'action')).toBe(true);
    expect(order.draws(confirm, 'action')).toBe(true);
  });
});
