import { stopOnSignals } from './shutdown';

// The signal handlers come first, and the service (seconds of module loading on a cold start) after
// them: a signal arriving meanwhile would otherwise kill the process outright, without its stop.
const service = import('./start-from-environment.js');
const starting = service.then(({ startFromEnvironment }) => startFromEnvironment());
stopOnSignals(starting);
starting.catch(async (error: unknown) => {
  // The logger may not exist yet (bad configuration): say why on stderr, one line per problem, and stop.
  const problems = await service.then(
    ({ startProblems }) => startProblems(error),
    () => [error instanceof Error ? error.message : String(error)],
  );
  process.stderr.write(problems.map((problem) => `splitpay failed to start: ${problem}\n`).join(''), () => process.exit(1));
});
