import { sessionAddressOf, sessionHash } from './session-address';

describe('a payment view address', () => {
  it('opened from the payments: the session id alone, back to the payments', () => {
    expect(sessionHash('s 1')).toBe('#/sessions/s%201');
    expect(sessionAddressOf('#/sessions/s%201')).toEqual({ sessionId: 's 1', back: { kind: 'payments' } });
  });

  it('opened from the operations: their filters travel with it, and back leads to the same filtered address', () => {
    const hash = sessionHash('s1', { provider: 'fake', type: 'refund', status: 'succeeded', fromDate: '2026-01-01' });
    expect(hash).toBe('#/sessions/s1?back=operations&provider=fake&type=refund&status=succeeded&from=2026-01-01');
    expect(sessionAddressOf(hash)).toEqual({ sessionId: 's1', back: { kind: 'operations', hash: '#/operations?provider=fake&type=refund&status=succeeded&from=2026-01-01' } });
    expect(sessionAddressOf(sessionHash('s1', {}))).toEqual({ sessionId: 's1', back: { kind: 'operations', hash: '#/operations' } });
  });

  it('drop an unknown origin or a malformed filter, as the lists do', () => {
    expect(sessionAddressOf('#/sessions/s1?back=elsewhere&provider=fake')).toEqual({ sessionId: 's1', back: { kind: 'payments' } });
    expect(sessionAddressOf('#/sessions/s1?back=operations&type=chargeback&to=3')).toEqual({ sessionId: 's1', back: { kind: 'operations', hash: '#/operations' } });
  });

  it('is no payment view address otherwise', () => {
    expect(sessionAddressOf('#/sessions/')).toBeUndefined();
    expect(sessionAddressOf('#/sessions/a/b')).toBeUndefined();
    expect(sessionAddressOf('#/operations')).toBeUndefined();
  });
});
