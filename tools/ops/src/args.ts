import { parseArgs, type ParseArgsConfig } from 'node:util';
import { operatorNoteMaxLength, operatorNotePrefix, OPERATOR_STATUS_MESSAGE_MAX_LENGTH, type OperatorVerdict } from '@splitpay/domain';
import { disclosuresIn } from '@splitpay/infra';

/** What the command line asks for, or why it cannot be read (exit code 2). */
export type CommandLine =
  | { readonly kind: 'resync-search'; readonly since: number }
  | { readonly kind: 'replay-notifications'; readonly merchantId: string; readonly since?: number; readonly until?: number; readonly dryRun: boolean }
  | { readonly kind: 'check' }
  | { readonly kind: 'clear-adyen-auth-reason'; readonly dryRun: boolean }
  | { readonly kind: 'settle-operation'; readonly sessionId: string; readonly transactionId: string; readonly verdict: 'succeeded' | 'failed'; readonly note: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'usage-error'; readonly message: string };

export const USAGE = `Usage: npm run ops -- <command> [options]   (MONGODB_URI and the service's settings from the environment)

  resync-search [--since <instant>]
      Rebuilds the attempt and transaction search entries of every session updated since <instant>
      (default: all sessions) from the sessions as stored, whatever the entries held (after a
      restore of sessions too); without --since, also deletes the entries no session holds.
  replay-notifications --merchant <id> [--since <instant>] [--until <instant>] [--dry-run]
      Re-arms the merchant's abandoned session-ended and chargeback messages whose delivery first
      failed in [since, until), as the dashboard's replay does; --dry-run only lists them. A
      merchant id of no stored account is warned of, and exits 2 when nothing of it is found.
  check
      Lists the database's collections with their document counts and the store's indexes that
      are missing, present under another name or differ from the plan; changes nothing.
  settle-operation --session <id> --transaction <id> --verdict succeeded|failed --note <text>
      Records the verdict found at the PSP for a capture, void or refund the service gave up on
      (psp.operation_given_up, psp.operation_verdict_given_up) and the PSP never settled; refused
      for any other operation. The note is shown to the merchant: write no payer's details (one
      carrying a card number, an IBAN, an email address, a phone number or a credential is refused); at most
      ${operatorNoteMaxLength('succeeded')} characters (${operatorNoteMaxLength('failed')} with --verdict failed), as its statusMessage keeps them.
  clear-adyen-auth-reason [--dry-run]
      Once after upgrading past D125-a: takes Adyen's card data (authorisation code:last 4:expiry,
      once kept from a successful card AUTHORISATION) out of the stored operations and session-ended
      messages, a decline's reason kept; prints the counts. --dry-run only counts them.

  <instant>: ISO-8601 (2026-11-27T02:00:00Z, 2026-11-27) or epoch milliseconds.
  Exit codes: 0 done, 1 findings or failures, 2 usage (or no MongoDB to work on: no MONGODB_URI, or a
  database that does not exist or is empty), 3 done but the report cut (stdout's reader closed early).`;

/** An ISO-8601 date or date-time, or epoch milliseconds; throws a message naming `option`. */
export function parseInstant(raw: string, option: string): number {
  if (/^\d+$/.test(raw)) {
    const ms = Number(raw);
    // Whole, and within what a Date holds (8.64e15): beyond it the database refuses the query (D157-d).
    if (Number.isSafeInteger(ms) && !Number.isNaN(new Date(ms).getTime())) return ms;
  } else if (/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(raw)) {
    const ms = Date.parse(raw);
    // Date.parse rolls impossible dates over (2026-02-30, with or without a time, is March 2nd): the
    // date part read alone must give itself back.
    const date = raw.slice(0, 10);
    const day = Date.parse(date);
    if (Number.isFinite(ms) && Number.isFinite(day) && new Date(day).toISOString().slice(0, 10) === date) return ms;
  }
  throw new Error(`${option} must be an ISO-8601 instant (2026-11-27T02:00:00Z) or epoch milliseconds, got '${raw}'`);
}

/** Refused rather than scrubbed (D113-b): the operator knows what the note should say instead. */
function noteRefusal(disclosed: readonly string[]): string {
  return `--note carries ${disclosed.join(' and ')}: it is kept as the operation's statusMessage, which the merchant reads; write it without a payer's details, card data or secrets`;
}

/**
 * A note the operation's statusMessage would cut (the domain keeps OPERATOR_STATUS_MESSAGE_MAX_LENGTH,
 * the verdict's prefix included): refused rather than cut, since its end (a reference, a ticket) is
 * often what the merchant needs (D157-c).
 */
function noteTooLong(note: string, verdict: OperatorVerdict): string | undefined {
  const longest = operatorNoteMaxLength(verdict);
  if (note.length <= longest) return undefined;
  return `--note is ${note.length} characters long; a --verdict ${verdict} note keeps at most ${longest} (the operation's statusMessage holds ${OPERATOR_STATUS_MESSAGE_MAX_LENGTH} with its prefix, '${operatorNotePrefix(verdict)}'): shorten it`;
}

const OPTIONS = {
  'resync-search': { since: { type: 'string' } },
  'replay-notifications': { merchant: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' }, 'dry-run': { type: 'boolean' } },
  check: {},
  'settle-operation': { session: { type: 'string' }, transaction: { type: 'string' }, verdict: { type: 'string' }, note: { type: 'string' } },
  'clear-adyen-auth-reason': { 'dry-run': { type: 'boolean' } },
} as const satisfies Record<string, NonNullable<ParseArgsConfig['options']>>;

type Command = keyof typeof OPTIONS;

function isCommand(name: string): name is Command {
  return Object.hasOwn(OPTIONS, name);
}

/** Reads `argv` (without node and the script). Never throws: a usage error is a value. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [name, ...rest] = argv;
  if (name === undefined) return { kind: 'usage-error', message: 'no command given' };
  if (name === 'help' || name === '--help' || name === '-h' || rest.includes('--help') || rest.includes('-h')) return { kind: 'help' };
  if (!isCommand(name)) return { kind: 'usage-error', message: `unknown command '${name}'` };
  try {
    const { values, positionals } = parseArgs({ args: [...rest], options: OPTIONS[name], strict: true, allowPositionals: true });
    if (positionals.length > 0) return { kind: 'usage-error', message: `unexpected argument '${positionals[0]}'` };
    const text = values as Record<string, string | boolean | undefined>;
    const instant = (option: string) => (typeof text[option] === 'string' ? parseInstant(text[option], `--${option}`) : undefined);
    switch (name) {
      case 'resync-search':
        return { kind: 'resync-search', since: instant('since') ?? 0 };
      case 'replay-notifications': {
        const merchantId = text.merchant;
        if (typeof merchantId !== 'string' || merchantId.trim() === '') return { kind: 'usage-error', message: '--merchant is required (the merchant id)' };
        const since = instant('since');
        const until = instant('until');
        if (since !== undefined && until !== undefined && until <= since) return { kind: 'usage-error', message: '--until must be after --since' };
        return { kind: 'replay-notifications', merchantId, ...(since !== undefined ? { since } : {}), ...(until !== undefined ? { until } : {}), dryRun: text['dry-run'] === true };
      }
      case 'check':
        return { kind: 'check' };
      case 'clear-adyen-auth-reason':
        return { kind: 'clear-adyen-auth-reason', dryRun: text['dry-run'] === true };
      case 'settle-operation': {
        const missing = ['session', 'transaction', 'note'].find((option) => typeof text[option] !== 'string' || (text[option] as string).trim() === '');
        if (missing) return { kind: 'usage-error', message: `--${missing} is required` };
        if (text.verdict !== 'succeeded' && text.verdict !== 'failed') return { kind: 'usage-error', message: '--verdict must be succeeded or failed' };
        // The length first: a note past it is refused whatever it carries, and the disclosure scan
        // grows faster than the note's length (a pasted log of 30,000 characters took a second).
        const tooLong = noteTooLong(text.note as string, text.verdict);
        if (tooLong) return { kind: 'usage-error', message: tooLong };
        const disclosed = disclosuresIn(text.note as string);
        if (disclosed.length > 0) return { kind: 'usage-error', message: noteRefusal(disclosed) };
        return { kind: 'settle-operation', sessionId: text.session as string, transactionId: text.transaction as string, verdict: text.verdict, note: text.note as string };
      }
    }
  } catch (error) {
    return { kind: 'usage-error', message: error instanceof Error ? error.message : String(error) };
  }
}
