import { CAUSE_MAX_LENGTH, redact, transportCause, transportMessage } from './transport-cause';

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

describe('the message of a transport failure (what merchants read)', () => {
  const failure = (code: string | undefined, message: string) => Object.assign(new Error(message), code ? { code } : {});

  it("names the code and what it means, never the message's address", () => {
    expect(transportMessage(failure('ECONNREFUSED', 'connect ECONNREFUSED 10.0.0.7:38901'), callee)).toBe('ECONNREFUSED: no answer from Acme PSP (connection refused)');
    expect(transportMessage(failure('ENOTFOUND', 'getaddrinfo ENOTFOUND psp.internal'), callee)).toBe('ENOTFOUND: no answer from Acme PSP (host name not found)');
    expect(transportMessage(failure('ECONNABORTED', 'timeout of 200ms exceeded'), callee)).toBe('ECONNABORTED: no answer from Acme PSP (timed out)');
    expect(transportMessage(failure('ERR_SOMETHING_NEW', 'at https://psp.internal:8443/x'), callee)).toBe('ERR_SOMETHING_NEW: no answer from Acme PSP (the call failed)');
  });

  it('keeps a message without a code unless it names an address; secrets redacted', () => {
    expect(transportMessage(failure(undefined, 'socket hang up'), callee)).toBe('socket hang up');
    expect(transportMessage(failure(undefined, 'proxy refused key-123'), callee)).toBe('proxy refused [redacted]');
    for (const address of ['connect to 10.0.0.7 failed', 'no route to [fe80::1]', 'refused at :8443', 'https://psp.example/v1 failed', 'psp.internal refused'])
      expect(transportMessage(failure(undefined, address), callee)).toBe('no answer from Acme PSP');
    expect(transportMessage(failure('not a code: 10.0.0.7', 'x'), callee)).toBe('x');
    expect(transportMessage('thrown text', callee)).toBe('no answer from Acme PSP');
  });
});
