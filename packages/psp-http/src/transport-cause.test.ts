import { CAUSE_MAX_LENGTH, redact, transportCause } from './transport-cause';

const callee = { provider: 'Acme PSP', secrets: ['key-123', ''] };

describe('the cause of a transport failure', () => {
  it('is the code and the first line of the message, every secret redacted', () => {
    const error = Object.assign(new Error('connect failed with key-123\n{ "headers": { "x-api-key": "key-123" } }'), { code: 'ECONNREFUSED' });
    expect(transportCause(error, callee)).toBe('ECONNREFUSED: connect failed with [redacted]');
  });

  it('says who did not answer when the failure says nothing', () => {
    expect(transportCause(new Error(''), callee)).toBe('no answer from Acme PSP');
    expect(transportCause('thrown text', callee)).toBe('no answer from Acme PSP');
  });

  it('is cut after redacting, so a secret across the cut never leaves a prefix', () => {
    const secret = 'S'.repeat(40);
    const message = `${'x'.repeat(CAUSE_MAX_LENGTH - 10)}${secret}`;
    const cause = transportCause(new Error(message), { provider: 'Acme PSP', secrets: [secret] });
    expect(cause).toHaveLength(CAUSE_MAX_LENGTH);
    expect(cause).not.toContain('S');
  });

  it('redacts every occurrence of every secret and ignores empty ones', () => {
    expect(redact('a key-123 b key-123 c tok', ['key-123', 'tok', ''])).toBe('a [redacted] b [redacted] c [redacted]');
  });
});
