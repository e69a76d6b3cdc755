import { outcomeOfStatus, transportAck } from './psp-ack';

describe('what a PSP call says', () => {
  it.each([
    [200, 'accepted'],
    [201, 'accepted'],
    [302, 'rejected'],
    [400, 'rejected'],
    [404, 'rejected'],
    [408, 'unknown'],
    [409, 'rejected'],
    [429, 'unknown'],
    [500, 'unknown'],
    [503, 'unknown'],
  ])('status %i is %s', (status, outcome) => {
    expect(outcomeOfStatus(status)).toBe(outcome);
  });

  it('a status the provider documents as "maybe acted" is unknown', () => {
    expect(outcomeOfStatus(409, [409])).toBe('unknown');
    expect(outcomeOfStatus(401, [401, 403])).toBe('unknown');
  });

  it('no answer at all is an unknown ack carrying the scrubbed cause', () => {
    expect(transportAck({ message: 'ECONNRESET: socket hang up' })).toEqual({ outcome: 'unknown', message: 'ECONNRESET: socket hang up' });
  });
});
