import { servedAckMessage } from './served-ack-message';

describe('the ack message merchants read (D118-a)', () => {
  it.each([
    ['ENOTFOUND: getaddrinfo ENOTFOUND adyen-egress-proxy', 'ENOTFOUND: no answer from the PSP (host name not found)'],
    ['EAI_AGAIN: getaddrinfo EAI_AGAIN fakepsp', 'EAI_AGAIN: no answer from the PSP (host name not resolved)'],
    ['ECONNREFUSED: connect ECONNREFUSED 10.0.0.7:443', 'ECONNREFUSED: no answer from the PSP (connection refused)'],
    ['ECONNRESET: socket hang up', 'ECONNRESET: no answer from the PSP (connection reset)'],
    ['ERR_BAD_RESPONSE: request to https://psp.example/pay failed', 'ERR_BAD_RESPONSE: no answer from the PSP (the call failed)'],
    ['connect ECONNREFUSED 10.0.0.7:443', 'no answer from the PSP'],
  ])('an old transport failure %j is served without its host: %j', (stored, served) => {
    expect(servedAckMessage({ message: stored })).toBe(served);
  });

  it.each([
    'ECONNREFUSED: no answer from Adyen (connection refused)',
    'ETIMEDOUT: no answer from the fake PSP (timed out)',
    'timeout of 15000ms exceeded',
    'Oney lends in EUR and RON only, not KWD',
    'UNSUPPORTED_AMOUNT: no fraction of a unit',
  ])('what the service writes now, or a refusal naming no address, is served as stored: %j', (stored) => {
    expect(servedAckMessage({ message: stored })).toBe(stored);
  });

  it('a message beside an HTTP status is the PSP\'s answer, served as stored', () => {
    expect(servedAckMessage({ message: 'Refused: card 10.0 limit', httpStatus: 422 })).toBe('Refused: card 10.0 limit');
  });
});
