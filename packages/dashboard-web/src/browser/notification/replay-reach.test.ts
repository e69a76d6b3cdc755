import { replayReach } from './replay-reach';

const abandonedEnding = { url: 'https://shop.example/hooks', failures: 9, abandoned: true };
const deliveredEnding = { url: 'https://shop.example/hooks', failures: 0, abandoned: false, deliveredAt: 1 };

describe('replayReach: what the replay door will send again', () => {
  it('the ending alone when no chargeback message is abandoned', () => {
    expect(replayReach(deliveredEnding, [{ delivery: 'delivered' }, { delivery: 'trying' }, {}])).toEqual({ kind: 'ending' });
    expect(replayReach(abandonedEnding, [])).toEqual({ kind: 'ending' });
  });

  it('the abandoned chargebacks alone when the ending was delivered', () => {
    expect(replayReach(deliveredEnding, [{ delivery: 'abandoned' }, { delivery: 'delivered' }, { delivery: 'abandoned' }])).toEqual({ kind: 'chargebacks', count: 2 });
  });

  it('both when the ending is abandoned too', () => {
    expect(replayReach(abandonedEnding, [{ delivery: 'abandoned' }])).toEqual({ kind: 'both', count: 1 });
  });
});
