import { namesAnAddress, timedOut, transportFailureMessage } from '../index';

describe('a transport failure as merchants read it', () => {
  it('says the code and what it means, or that the call failed for a code it does not know', () => {
    expect(transportFailureMessage('ECONNREFUSED', 'adyen')).toBe('ECONNREFUSED: no answer from adyen (connection refused)');
    expect(transportFailureMessage('ERR_BAD_RESPONSE', 'the PSP')).toBe('ERR_BAD_RESPONSE: no answer from the PSP (the call failed)');
  });

  it.each([
    ['connect ECONNREFUSED 10.0.0.7:443', true],
    ['getaddrinfo ENOTFOUND psp.internal', true],
    ['request to https://psp/pay failed', true],
    ['ENOENT: open /srv/app/key.pem', true],
    ['Error: x\n    at send (client.js:1:1)', true],
    ['ECONNREFUSED: no answer from the PSP (connection refused)', false],
    ['timeout of 30000ms exceeded', false],
  ])('%j names an address, a path or a stack frame: %s', (text, names) => {
    expect(namesAnAddress(text)).toBe(names);
  });
});

describe('a call that waited out its timeout', () => {
  it.each([
    [{ outcome: 'unknown', message: 'ECONNABORTED: no answer from adyen (timed out)' }, true],
    [{ outcome: 'unknown', message: 'ETIMEDOUT: no answer from adyen (timed out)' }, true],
    [{ outcome: 'unknown', message: 'ECONNREFUSED: no answer from adyen (connection refused)' }, false],
    [{ outcome: 'unknown', message: 'ENOTFOUND: no answer from adyen (host name not found)' }, false],
    [{ outcome: 'unknown', httpStatus: 504, message: 'ETIMEDOUT: gateway' }, false],
    [{ outcome: 'unknown' }, false],
    [{ outcome: 'rejected', message: 'ETIMEDOUT: no answer from adyen (timed out)' }, false],
  ])('%j timed out: %s', (ack, expected) => {
    expect(timedOut(ack)).toBe(expected);
  });
});
