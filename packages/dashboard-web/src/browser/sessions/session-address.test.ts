import { operationsAddress } from '../operations/operation-filters';
import { paymentsAddress } from '../payments/payment-filters';
import { sessionAddressOf, sessionHash } from './session-address';

describe('a payment view address', () => {
  it('opened from the payments: the session id alone, back to the payments', () => {
    expect(sessionHash('s 1')).toBe('#/sessions/s%201');
    expect(sessionHash('s 1', '#/payments')).toBe('#/sessions/s%201');
    expect(sessionAddressOf('#/sessions/s%201')).toEqual({ sessionId: 's 1', back: { kind: 'payments', hash: '#/payments' } });
  });

  it('opened from a filtered page of the payments: back leads to the same filters and page (D70)', () => {
    const hash = sessionHash('s1', paymentsAddress.hash({ status: 'PAID' }, ['c2']));
    expect(hash).toBe('#/sessions/s1?back=payments&status=PAID&cursor=c2');
    expect(sessionAddressOf(hash)).toEqual({ sessionId: 's1', back: { kind: 'payments', hash: '#/payments?status=PAID&cursor=c2' } });
    expect(sessionAddressOf('#/sessions/s1?back=payments')).toEqual({ sessionId: 's1', back: { kind: 'payments', hash: '#/payments' } });
  });

  it("opened from the operations' third page: the cursors followed travel with it, and back leads to that page (D70)", () => {
    const hash = sessionHash('s1', operationsAddress.hash({ provider: 'fake' }, ['c2', 'c3']));
    expect(hash).toBe('#/sessions/s1?back=operations&provider=fake&cursor=c2&cursor=c3');
    expect(sessionAddressOf(hash)).toEqual({ sessionId: 's1', back: { kind: 'operations', hash: '#/operations?provider=fake&cursor=c2&cursor=c3' } });
  });

  it('opened from the operations: their filters travel with it, and back leads to the same filtered address', () => {
    const hash = sessionHash('s1', operationsAddress.hash({ provider: 'fake', type: 'refund', status: 'succeeded', fromDate: '2026-01-01' }));
    expect(hash).toBe('#/sessions/s1?back=operations&provider=fake&type=refund&status=succeeded&from=2026-01-01');
    expect(sessionAddressOf(hash)).toEqual({ sessionId: 's1', back: { kind: 'operations', hash: '#/operations?provider=fake&type=refund&status=succeeded&from=2026-01-01' } });
    expect(sessionAddressOf(sessionHash('s1', operationsAddress.hash({})))).toEqual({ sessionId: 's1', back: { kind: 'operations', hash: '#/operations' } });
  });

  it('drop an unknown origin or a malformed filter, as the lists do', () => {
    expect(sessionAddressOf('#/sessions/s1?back=elsewhere&provider=fake')).toEqual({ sessionId: 's1', back: { kind: 'payments', hash: '#/payments' } });
    expect(sessionAddressOf('#/sessions/s1?back=operations&type=chargeback&to=3')).toEqual({ sessionId: 's1', back: { kind: 'operations', hash: '#/operations' } });
  });

  it('is no payment view address otherwise', () => {
    expect(sessionAddressOf('#/sessions/')).toBeUndefined();
    expect(sessionAddressOf('#/sessions/a/b')).toBeUndefined();
    expect(sessionAddressOf('#/operations')).toBeUndefined();
  });
});
