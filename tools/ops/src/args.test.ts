import { operatorNoteMaxLength, operatorStatusMessage, OPERATOR_STATUS_MESSAGE_MAX_LENGTH } from '@splitpay/domain';
import { parseCommandLine, parseInstant, USAGE } from './args';

const T = Date.UTC(2026, 10, 27, 2, 0, 0);

describe('parseInstant', () => {
  it('reads an ISO-8601 instant, with or without its time, and epoch milliseconds', () => {
    expect(parseInstant('2026-11-27T02:00:00Z', '--since')).toBe(T);
    expect(parseInstant('2026-11-27T03:00:00+01:00', '--since')).toBe(T);
    expect(parseInstant('2026-11-27', '--since')).toBe(Date.UTC(2026, 10, 27));
    expect(parseInstant('2028-02-29T12:00:00Z', '--since')).toBe(Date.UTC(2028, 1, 29, 12));
    expect(parseInstant('2026-03-01T00:30:00+01:00', '--since')).toBe(Date.UTC(2026, 1, 28, 23, 30));
    expect(parseInstant(String(T), '--since')).toBe(T);
  });

  it('refuses anything else, naming the option', () => {
    for (const bad of ['', 'yesterday', '27/11/2026', '2026-13-40', '-5', '1.5', '2026-11-27T25:00:00Z', '2026-02-30', '2026-02-30T00:00:00Z', '2026-02-29T12:00:00+01:00', '2026-04-31T23:59:59.999Z']) {
      expect(() => parseInstant(bad, '--until')).toThrow(/--until/);
    }
  });
});

describe('parseCommandLine', () => {
  it('reads resync-search, with and without --since', () => {
    expect(parseCommandLine(['resync-search'])).toEqual({ kind: 'resync-search', since: 0 });
    expect(parseCommandLine(['resync-search', '--since', '2026-11-27T02:00:00Z'])).toEqual({ kind: 'resync-search', since: T });
    expect(parseCommandLine(['resync-search', `--since=${T}`])).toEqual({ kind: 'resync-search', since: T });
  });

  it('reads replay-notifications: the merchant is required, the window and --dry-run optional', () => {
    expect(parseCommandLine(['replay-notifications', '--merchant', 'shop'])).toEqual({ kind: 'replay-notifications', merchantId: 'shop', dryRun: false });
    expect(parseCommandLine(['replay-notifications', '--merchant=shop', '--since', String(T), '--until', '2026-11-27T06:00:00Z', '--dry-run'])).toEqual({
      kind: 'replay-notifications',
      merchantId: 'shop',
      since: T,
      until: T + 4 * 3_600_000,
      dryRun: true,
    });
  });

  it('reads check and help', () => {
    expect(parseCommandLine(['check'])).toEqual({ kind: 'check' });
    for (const help of [['help'], ['--help'], ['-h'], ['check', '--help']]) expect(parseCommandLine(help)).toEqual({ kind: 'help' });
  });

  it('reads clear-adyen-auth-reason, with and without --dry-run', () => {
    expect(parseCommandLine(['clear-adyen-auth-reason'])).toEqual({ kind: 'clear-adyen-auth-reason', dryRun: false });
    expect(parseCommandLine(['clear-adyen-auth-reason', '--dry-run'])).toEqual({ kind: 'clear-adyen-auth-reason', dryRun: true });
    expect(parseCommandLine(['clear-adyen-auth-reason', '--since', '2026-11-27'])).toEqual({ kind: 'usage-error', message: expect.stringMatching(/--since/) });
  });

  it('refuses a usage error with a message: no command, an unknown one, an unknown or incomplete option, a stray argument', () => {
    const refusals: [string[], RegExp][] = [
      [[], /no command/],
      [['rebuild'], /unknown command 'rebuild'/],
      [['resync-search', '--merchant', 'shop'], /--merchant/],
      [['resync-search', '--since'], /--since/],
      [['resync-search', 'now'], /unexpected argument 'now'/],
      [['replay-notifications'], /--merchant is required/],
      [['replay-notifications', '--merchant', ''], /--merchant is required/],
      [['replay-notifications', '--merchant', 'shop', '--since', 'soon'], /--since/],
      [['replay-notifications', '--merchant', 'shop', '--since', String(T), '--until', String(T)], /--until must be after --since/],
      [['check', '--dry-run'], /--dry-run/],
    ];
    for (const [argv, message] of refusals) expect(parseCommandLine(argv)).toEqual({ kind: 'usage-error', message: expect.stringMatching(message) });
  });

  it('reads settle-operation: the session, the transaction, the verdict and the note, all required', () => {
    const argv = ['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', 'failed', '--note', 'no trace at the PSP'];
    expect(parseCommandLine(argv)).toEqual({ kind: 'settle-operation', sessionId: 's-1', transactionId: 't-1', verdict: 'failed', note: 'no trace at the PSP' });
    expect(parseCommandLine(['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', 'done', '--note', 'x'])).toEqual({ kind: 'usage-error', message: expect.stringMatching(/--verdict must be/) });
    expect(parseCommandLine(['settle-operation', '--session', 's-1', '--verdict', 'failed', '--note', 'x'])).toEqual({ kind: 'usage-error', message: expect.stringMatching(/--transaction is required/) });
    expect(parseCommandLine(['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', 'failed'])).toEqual({ kind: 'usage-error', message: expect.stringMatching(/--note is required/) });
  });

  it('refuses a settle-operation note carrying a card number, an email address, a phone number or a credential, naming it', () => {
    const settle = (note: string) => parseCommandLine(['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', 'succeeded', '--note', note]);
    expect(settle('card 4111 1111 1111 1111, jane.doe@example.com')).toEqual({
      kind: 'usage-error',
      message: expect.stringMatching(/^--note carries a card number and an email address: .*statusMessage, which the merchant reads/),
    });
    expect(settle('payer at +33 6 12 34 56 78')).toEqual({ kind: 'usage-error', message: expect.stringMatching(/^--note carries a phone number/) });
    expect(settle('REFUND 8535296382716013 in the Customer Area')).toMatchObject({ kind: 'settle-operation', note: 'REFUND 8535296382716013 in the Customer Area' });
  });

  it('refuses a settle-operation note carrying a card number followed by its expiry (D113-d)', () => {
    const argv = ['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', 'failed', '--note', 'payer gave card 4111 1111 1111 1111 12/27, no trace at the PSP'];
    expect(parseCommandLine(argv)).toEqual({ kind: 'usage-error', message: expect.stringMatching(/^--note carries a card number: /) });
  });

  it.each([
    ['a card number written with dots', 'payer card 4111.1111.1111.1111', 'a card number'],
    ['an international phone number with its area code in brackets', 'payer called from +1 (415) 555-2671', 'a phone number'],
    ["the merchant's webhook signing secret", 'hook secret whsec_c3BsaXRwYXkgZGVtbyB3ZWJob29rcywgbm90IHJlYWw=', 'a token or credential'],
    ['a raw access token (a JWT)', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl', 'a token or credential'],
  ])('refuses a settle-operation note carrying %s, naming it (D157-a)', (_what, note, disclosure) => {
    const argv = ['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', 'failed', '--note', note];
    expect(parseCommandLine(argv)).toEqual({ kind: 'usage-error', message: expect.stringContaining(`--note carries ${disclosure}: `) });
  });

  it.each([
    ['a card number parted by slashes', 'payer card 4111/1111/1111/1111', 'a card number'],
    ['a card number in full-width digits', 'payer card ４１１１１１１１１１１１１１１１', 'a card number'],
    ['an IBAN', 'refunded to FR76 3000 6000 0112 3456 7890 189', 'an IBAN'],
    ['a national phone number', 'payer called from 06 12 34 56 78', 'a phone number'],
    ['a password pair', 'merchant login password=hunter2', 'a token or credential'],
  ])('refuses a settle-operation note carrying %s, naming it (D158)', (_what, note, disclosure) => {
    const argv = ['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', 'failed', '--note', note];
    expect(parseCommandLine(argv)).toEqual({ kind: 'usage-error', message: `--note carries ${disclosure}: it is kept as the operation's statusMessage, which the merchant reads; write it without a payer's details, card data or secrets` });
  });

  it('refuses a settle-operation note longer than the statusMessage keeps after its prefix, saying the maximum; takes one of that length whole (D157-c)', () => {
    const settle = (verdict: 'succeeded' | 'failed', note: string) => parseCommandLine(['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', verdict, '--note', note]);
    for (const verdict of ['succeeded', 'failed'] as const) {
      const longest = operatorNoteMaxLength(verdict);
      // The domain's own bound: the statusMessage the verdict's prefix and a note of that length make is kept whole.
      expect(operatorStatusMessage(verdict, 'x'.repeat(longest))).toHaveLength(OPERATOR_STATUS_MESSAGE_MAX_LENGTH);
      expect(settle(verdict, 'x'.repeat(longest))).toMatchObject({ kind: 'settle-operation', note: 'x'.repeat(longest) });
      expect(settle(verdict, 'x'.repeat(longest + 1))).toEqual({
        kind: 'usage-error',
        message: `--note is ${longest + 1} characters long; a --verdict ${verdict} note keeps at most ${longest} (the operation's statusMessage holds ${OPERATOR_STATUS_MESSAGE_MAX_LENGTH} with its prefix, 'Settled as ${verdict} by an operator: '): shorten it`,
      });
    }
    // The reviewer's note: a PSP reference at its end would have been cut off.
    const reviewers = `${'x'.repeat(230)} PSP ref 8835123412341234 refunded OK`;
    expect(settle('failed', reviewers)).toMatchObject({ kind: 'usage-error', message: expect.stringMatching(new RegExp(`^--note is ${reviewers.length} characters long`)) });
  });

  it('refuses a settle-operation note past its length for its length before scanning it, whatever it carries (a pasted log)', () => {
    const pasted = `payer card 4111 1111 1111 1111 ${'log line '.repeat(3_000)}`;
    const refused = parseCommandLine(['settle-operation', '--session', 's-1', '--transaction', 't-1', '--verdict', 'failed', '--note', pasted]);
    expect(refused).toMatchObject({ kind: 'usage-error', message: expect.stringMatching(new RegExp(`^--note is ${pasted.length} characters long`)) });
  });

  it('refuses an epoch no Date can hold as a bad instant, for --since and --until alike (D157-d)', () => {
    const latest = 8_640_000_000_000_000;
    expect(parseInstant(String(latest), '--until')).toBe(latest);
    for (const bad of [String(latest + 1), '9007199254740991']) expect(() => parseInstant(bad, '--until')).toThrow(/^--until must be an ISO-8601 instant/);
    expect(parseCommandLine(['replay-notifications', '--merchant', 'shop', '--until', '9007199254740991'])).toEqual({ kind: 'usage-error', message: expect.stringMatching(/^--until must be/) });
    expect(parseCommandLine(['resync-search', '--since', '9007199254740991'])).toEqual({ kind: 'usage-error', message: expect.stringMatching(/^--since must be/) });
  });

  it('has a usage text naming every command', () => {
    for (const command of ['resync-search', 'replay-notifications', 'check', 'settle-operation', 'clear-adyen-auth-reason']) expect(USAGE).toContain(command);
  });
});
