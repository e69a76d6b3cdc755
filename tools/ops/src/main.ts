import { parseCommandLine, USAGE } from './args';
import { check } from './commands/check';
import { clearAdyenAuthReason } from './commands/clear-adyen-auth-reason';
import { replayNotifications } from './commands/replay-notifications';
import { resyncSearch } from './commands/resync-search';
import { settleOperation } from './commands/settle-operation';
import { CommandExit, openStore } from './open-store';
import { StdoutReport, type Output } from './output';
import { StderrLogger } from './stderr.logger';

/** The exit code of a command done whose report could not be written in full (stdout failed: EPIPE). */
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
    process.stderr.write(`ops: ${command.message}\n\n${USAGE}\n`);
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
      process.stderr.write(`ops: ${error.message}\n`);
      return error.code;
    }
    // createStoresFor has already taken the password out of a connection failure.
    process.stderr.write(`ops: failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/**
 * The command's code, said on stderr when its report was cut: REPORT_CUT for a command done (0), its
 * own code otherwise (1 or 2 say more: findings, failures, nothing to work on), D157-b.
 */
async function exitCodeOf(code: number, report: StdoutReport): Promise<number> {
  const cut = await report.cut();
  if (cut === undefined) return code;
  const why = cut === 'EPIPE' ? 'stdout closed early (EPIPE)' : `stdout failed (${cut})`;
  process.stderr.write(`ops: ${why}: the rest of the report was dropped; the command went on to the end of its work\n`);
  return code === 0 ? REPORT_CUT : code;
}

if (require.main === module) {
  const report = new StdoutReport();
  void run(process.argv.slice(2), report)
    .then((code) => exitCodeOf(code, report))
    .then((code) => {
      process.exitCode = code;
    });
}
