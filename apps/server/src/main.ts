import { ConfigError, readConfig } from './config';
import { startServer } from './server';
import { stopOnSignals } from './shutdown';

const starting = Promise.resolve().then(() => startServer(readConfig()));
stopOnSignals(starting);
starting.catch((error: unknown) => {
  // The logger may not exist yet (bad configuration): say why on stderr, one line per problem, and stop.
  const problems = error instanceof ConfigError ? error.problems : [error instanceof Error ? error.message : String(error)];
  process.stderr.write(problems.map((problem) => `splitpay failed to start: ${problem}\n`).join(''), () => process.exit(1));
});
