import { Formats } from '../format/money-format';
import { en } from '../i18n/en';
import { attempt, pendingView } from '../testing/view.fixture';
import { announcementsFor } from './announcements';

const f = new Formats('en');
const eur = (amount: number) => ({ amount, currency: 'EUR' });
const held = pendingView({ remaining: eur(8000), attempts: [attempt({ status: 'AUTHORIZED' })] });
const say = (previous: Parameters<typeof announcementsFor>[0], next: Parameters<typeof announcementsFor>[1]) => announcementsFor(previous, next, en, f).map((a) => `${a._urgent ? 'alert' : 'status'}: ${a.text}`);

describe('announcementsFor: what the live regions say when the view changes', () => {
  it('says a tranche the payer removed is released, and what remains, whether the view shows it being released or voided', () => {
    expect(say(held, pendingView({ attempts: [attempt({ status: 'AUTHORIZED', released: true })] }))).toEqual(['status: The €40.00 Card payment was removed; €120.00 remaining.']);
    expect(say(held, pendingView({ attempts: [attempt({ status: 'VOIDED', released: true })] }))).toEqual(['status: The €40.00 Card payment was removed; €120.00 remaining.']);
  });

  it('says it once: the void that follows a release is not news', () => {
    expect(say(pendingView({ attempts: [attempt({ status: 'AUTHORIZED', released: true })] }), pendingView({ attempts: [attempt({ status: 'VOIDED', released: true })] }))).toEqual([]);
  });

  it('leaves the holds released by an abandon or an expiry to the ending', () => {
    expect(say(held, pendingView({ status: 'ABORTING', attempts: [attempt({ status: 'VOIDED' })] }))).toEqual([]);
  });

  it('says a payment cancelled at the PSP (or stopped) took nothing', () => {
    const inFlight = pendingView({ attempts: [attempt({ method: 'paypal', methodId: 'paypal', status: 'AUTHORIZING', granted: eur(0) })] });
    const cancelled = pendingView({ attempts: [attempt({ method: 'paypal', methodId: 'paypal', status: 'CANCELLED', granted: eur(0) })] });
    expect(say(inFlight, cancelled)).toEqual(['status: Your PayPal payment of €40.00 was cancelled. Nothing was taken.']);
  });

  it('on the first view (a return from the PSP, a reload), says how the last attempt ended when it took nothing', () => {
    const cancelled = pendingView({ attempts: [attempt({ method: 'paypal', methodId: 'paypal', status: 'CANCELLED', granted: eur(0) })] });
    const declined = pendingView({ attempts: [attempt({ status: 'DECLINED', declineCategory: 'insufficient-funds', granted: eur(0) })] });
    expect(say(undefined, cancelled)).toEqual(['status: Your PayPal payment of €40.00 was cancelled. Nothing was taken.']);
    expect(say(undefined, declined)).toEqual(['alert: Your Card payment of €40.00 was declined: insufficient funds.']);
    expect(say(undefined, pendingView({ attempts: [attempt({ status: 'CANCELLED' }), attempt({ attemptId: 'b' })] }))).toEqual([]);
  });

  it('says at once, as a decline, that a card network the entry does not list was refused, naming the accepted ones; once (its void says nothing new)', () => {
    const methods = [{ ...pendingView().methods[0]!, schemes: ['mastercard' as const] }];
    const inFlight = pendingView({ methods, attempts: [attempt({ status: 'AUTHORIZING', granted: eur(0) })] });
    const refusedAt = (status: 'AUTHORIZED' | 'VOIDED') => pendingView({ methods, attempts: [attempt({ status, released: true, cardScheme: 'visa', declineCategory: 'method-unavailable' })] });
    const said = 'alert: Your Card payment of €40.00 was not accepted: this card runs on Visa, which is not accepted here. Please use another card (accepted: Mastercard).';
    expect(say(inFlight, refusedAt('AUTHORIZED'))).toEqual([said]);
    expect(say(inFlight, refusedAt('VOIDED'))).toEqual([said]);
    expect(say(refusedAt('AUTHORIZED'), refusedAt('VOIDED'))).toEqual([]);
    expect(say(undefined, refusedAt('VOIDED'))).toEqual([said]);
  });

  it('says nothing on the first view with nothing unpaid last, or on an unchanged poll', () => {
    expect(say(undefined, held)).toEqual([]);
    expect(say(held, held)).toEqual([]);
  });
});
