import { attempt, cardMethod, oneyMethod, paypalMethod, pendingView } from '../testing/view.fixture';
import { resumedChoice } from './resumed-choice';

describe('resumedChoice: the form a page mounted again starts on', () => {
  const cancelled = (amount: number, methodId = paypalMethod.id) => attempt({ methodId, method: 'paypal', status: 'CANCELLED', requested: { amount, currency: 'EUR' }, granted: { amount: 0, currency: 'EUR' } });

  it('is the method and the amount of a last attempt that took nothing (cancelled or declined)', () => {
    expect(resumedChoice(pendingView({ attempts: [cancelled(3000)] }))).toEqual({ methodId: paypalMethod.id, amount: 3000 });
    expect(resumedChoice(pendingView({ attempts: [{ ...cancelled(3000), status: 'DECLINED' }] }))).toEqual({ methodId: paypalMethod.id, amount: 3000 });
  });

  it('without the amount when it no longer fits the remaining balance or the method takes no chosen amount', () => {
    expect(resumedChoice(pendingView({ attempts: [cancelled(999_999)] }))).toEqual({ methodId: paypalMethod.id });
    expect(resumedChoice(pendingView({ methods: [cardMethod, oneyMethod], attempts: [cancelled(3000, oneyMethod.id)] }))).toEqual({ methodId: oneyMethod.id });
  });

  it('nothing on a first visit, after a tranche held or paid, on an ended session, or for a method no longer offered', () => {
    expect(resumedChoice(pendingView())).toBeUndefined();
    expect(resumedChoice(pendingView({ attempts: [{ ...cancelled(3000), status: 'AUTHORIZED', granted: { amount: 3000, currency: 'EUR' } }] }))).toBeUndefined();
    expect(resumedChoice(pendingView({ status: 'ABORTED', attempts: [cancelled(3000)] }))).toBeUndefined();
    expect(resumedChoice(pendingView({ methods: [cardMethod], attempts: [cancelled(3000)] }))).toBeUndefined();
  });

  it('nothing when the method is offered but can no longer be chosen (not eligible): its amount was bounded by it', () => {
    expect(resumedChoice(pendingView({ methods: [cardMethod, { ...paypalMethod, eligible: false }], attempts: [cancelled(3000)] }))).toBeUndefined();
  });
});
