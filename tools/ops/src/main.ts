import { parseCommandLine, USAGE } from './args';
import { check } from './commands/check';
import { clearAdyenAuthReason } from './commands/clear-adyen-auth-reason';
import { replayNotifications } from './commands/replay-notifications';
import { resyncSearch } from './commands/resync-search';
import { settleOperation } from './commands/settle-operation';
import { CommandExit, openStore } from './open-store';
import { stdout, type Output } from './output';
import { StderrLogger } from './stderr.logger';

/**
 * The operators' commands on a MongoDB deployment (docs/operations.md, Commands): reads the command
 * line, opens the store as the service does, runs one command, answers its exit code
 * (0 done, 1 findings or failures, 2 usage or nothing to work on).
 */
export async function run(argv: readonly string[], out: Output = stdout): Promise<number> {
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

if (require.main === module) {
  void run(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
