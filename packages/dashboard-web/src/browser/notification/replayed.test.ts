import { replayedBy, replayedTogether, replayOwed } from './replayed';

const abandonedEnding = { url: 'https://shop.example/hooks', failures: 9, abandoned: true };
const deliveredEnding = { url: 'https://shop.example/hooks', failures: 0, abandoned: false, deliveredAt: 1 };
const owedEnding = { url: 'https://shop.example/hooks', failures: 0, abandoned: false };

describe('replayedBy: what a press of the replay button sent again', () => {
  it('the ending alone, when no chargeback message was abandoned', () => {
    expect(replayedBy(abandonedEnding, [{ notificationId: 'cb-1', delivery: 'trying' }])).toEqual({ ending: true, chargebackIds: [] });
  });

  it('the abandoned chargebacks, and the ending only when it was not delivered', () => {
    const shown = [{ notificationId: 'cb-1', delivery: 'abandoned' as const }, { notificationId: 'cb-2', delivery: 'trying' as const }];
    expect(replayedBy(deliveredEnding, shown)).toEqual({ ending: false, chargebackIds: ['cb-1'] });
    expect(replayedBy(abandonedEnding, shown)).toEqual({ ending: true, chargebackIds: ['cb-1'] });
  });
});

describe('replayOwed: whether what the replay sent is still on its way', () => {
  it('the replayed ending while owed, never a chargeback the replay did not send', () => {
    const endingOnly = { ending: true, chargebackIds: [] };
    expect(replayOwed(endingOnly, owedEnding, [])).toBe(true);
    expect(replayOwed(endingOnly, deliveredEnding, [{ notificationId: 'cb-1', delivery: 'trying' }])).toBe(false);
    expect(replayOwed(endingOnly, { ...owedEnding, abandoned: true }, [])).toBe(false);
  });

  it('a chargeback it sent while that one is tried', () => {
    const chargebacksOnly = { ending: false, chargebackIds: ['cb-1'] };
    expect(replayOwed(chargebacksOnly, owedEnding, [{ notificationId: 'cb-1', delivery: 'trying' }])).toBe(true);
    expect(replayOwed(chargebacksOnly, owedEnding, [{ notificationId: 'cb-1', delivery: 'delivered' }, { notificationId: 'cb-2', delivery: 'trying' }])).toBe(false);
  });

  it('two presses: what either sent', () => {
    const both = replayedTogether({ ending: false, chargebackIds: ['cb-1'] }, { ending: true, chargebackIds: [] });
    expect(both).toEqual({ ending: true, chargebackIds: ['cb-1'] });
    expect(replayOwed(both, deliveredEnding, [{ notificationId: 'cb-1', delivery: 'trying' }])).toBe(true);
  });
});
