import { redact } from './redact';

describe('redact, on the card numbers in a log line', () => {
  it('hides a card number preceded by digit groups that make the run longer than 19 digits, every group of it', () => {
    const line = redact({ detail: 'txn 1234 5678 9012 4111 1111 1111 1111 failed' });
    expect(line.detail).not.toMatch(/1111/);
    expect(line.detail).toContain('[redacted-pan]');
  });

  it('hides a card number followed by its expiry or a count', () => {
    for (const text of ['4111 1111 1111 1111 12/27', '4111111111111111 2 times', '5555-5555-5555-4444-03/28']) {
      expect(String(redact({ detail: text }).detail)).not.toMatch(/4111|5555/);
    }
  });

  it("keeps a Worldline payment id (20 unbroken digits) and short numbers", () => {
    expect(redact({ detail: 'payment 00000200000143570012 refused, 600 EUR, ticket 7' })).toEqual({ detail: 'payment 00000200000143570012 refused, 600 EUR, ticket 7' });
  });
});
