import type { RunningServer } from './server';

/** Exits once what was written to stdout and stderr (the last log line) is flushed. */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

/**
 * SIGTERM (an orchestrator stopping the container) and SIGINT (Ctrl-C) stop the service gracefully,
 * then exit 0. Listening starts with the process, so that a signal during the start waits for it to
 * end and then stops. A signal repeated meanwhile changes nothing: a terminal delivers Ctrl-C to the
 * process and to the launcher that relays it too.
 */
export function stopOnSignals(starting: Promise<RunningServer>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    starting
      .then((running) => running.stop(signal))
      .then(
        () => exitAfterFlush(0),
        (error: unknown) => {
          process.stderr.write(`splitpay failed to stop cleanly: ${error instanceof Error ? error.message : String(error)}\n`);
          exitAfterFlush(1);
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
