import { readConfig } from './config';
import { startServer } from './server';

startServer(readConfig()).catch((error: unknown) => {
  // The logger may not exist yet (bad configuration): say why on stderr and stop.
  process.stderr.write(`splitpay failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
