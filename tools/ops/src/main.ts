import { parseCommandLine, USAGE } from './args';
import { check } from './commands/check';
import { clearAdyenAuthReason } from './commands/clear-adyen-auth-reason';
import { replayNotifications } from './commands/replay-notifications';
import { resyncSearch } from './commands/resync-search';
import { settleOperation } from './commands/settle-operation';
import { CommandExit, openStore } from './open-store';
import { stderr, StreamLines, type Output } from './output';
import { StderrLogger } from './stderr.logger';

/** The exit code of a command done whose report or stderr could not be written in full (EPIPE). */
export const REPORT_CUT = 3;

/**
 * The operators' commands on a MongoDB deployment (docs/operations.md, Commands): reads the command
 * line, opens the store as the service does, runs one command, answers its exit code
 * (0 done, 1 findings or failures, 2 usage or nothing to work on).
 */
export async function run(argv: readonly string[], out: Output): Promise<number> {
  const command = parseCommandLine(argv);
  if (command.kind === 'help') {
    out.line(USAGE);
    return 0;
  }
  if (command.kind === 'usage-error') {
    stderr().line(`ops: ${command.message}\n\n${USAGE}`);
    return 2;
  }
  const logger = new StderrLogger();
  try {
    const { config, stores, db } = await openStore(logger);
    try {
      switch (command.kind) {
        case 'resync-search':
          return await resyncSearch(stores, command.since, out);
        case 'replay-notifications':
          return await replayNotifications({ sessions: stores.sessions, chargebacks: stores.chargebacks, merchants: stores.merchants, config, logger }, command, out);
        case 'check':
          return await check(db, out, { allowStandalone: config.mongodbAllowStandalone ?? false });
        case 'settle-operation':
          return await settleOperation({ sessions: stores.sessions, config, logger }, command, out);
        case 'clear-adyen-auth-reason':
          return await clearAdyenAuthReason(stores, command.dryRun, out);
      }
    } finally {
      await stores.close();
    }
  } catch (error) {
    if (error instanceof CommandExit) {
      stderr().line(`ops: ${error.message}`);
      return error.code;
    }
    // createStoresFor has already taken the password out of a connection failure.
    stderr().line(`ops: failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/**
 * The command's code when its report or stderr was cut: REPORT_CUT for a command done (0), its own
 * code otherwise (1 or 2 say more: findings, failures, nothing to work on). A cut report is said on
 * stderr, if stderr still takes it (D157-b, D157-f).
 */
async function exitCodeOf(code: number, report: StreamLines): Promise<number> {
  const cut = await report.cut();
  if (cut !== undefined) {
    const why = cut === 'EPIPE' ? 'stdout closed early (EPIPE)' : `stdout failed (${cut})`;
    stderr().line(`ops: ${why}: the rest of the report was dropped; the command went on to the end of its work`);
  }
  const stderrCut = await stderr().cut();
  if (cut === undefined && stderrCut === undefined) return code;
  return code === 0 ? REPORT_CUT : code;
}

if (require.main === module) {
  const report = new StreamLines(process.stdout);
  stderr(); // its error listener, before anything is written there
  void run(process.argv.slice(2), report)
    .then((code) => exitCodeOf(code, report))
    .then((code) => {
      process.exitCode = code;
    });
}
