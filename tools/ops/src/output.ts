/** Where a command writes its report (stdout in main.ts; a buffer in a test). */
export interface Output {
  line(text: string): void;
}

/**
 * Lines written to a stream whose reader may close early (`| head -3`, `2>&1 | head -1`: EPIPE):
 * once a write fails, the rest is dropped and the command goes on to the end of its work: a replay
 * stopped half-way would leave messages abandoned that the operator believes replayed (D157-b, D157-f).
 */
export class StreamLines implements Output {
  private failure: string | undefined;

  constructor(private readonly stream: NodeJS.WriteStream) {
    // Without a listener, the failed write's 'error' ends the process with a stack trace, mid-command.
    stream.on('error', (error: NodeJS.ErrnoException) => {
      this.failure ??= error.code ?? error.message;
    });
  }

  line(text: string): void {
    if (this.failure === undefined) this.stream.write(`${text}\n`);
  }

  /** Once every line written has gone out or failed: why the rest was dropped (`EPIPE`), else undefined. */
  async cut(): Promise<string | undefined> {
    if (this.failure === undefined && !this.stream.destroyed) await new Promise<void>((resolve) => this.stream.write('', () => resolve()));
    return this.failure;
  }
}

/**
 * stderr, for every line ops writes there: usage errors, warnings and the service's log lines the
 * commands cause (stderr.logger.ts). Opened once, so its one listener sees the first failure.
 */
let stderrLines: StreamLines | undefined;
export function stderr(): StreamLines {
  stderrLines ??= new StreamLines(process.stderr);
  return stderrLines;
}

/** Where a command warns of what its report alone would not show (stderr, as the usage errors). */
export const warnings: Output = { line: (text) => stderr().line(`ops: warning: ${text}`) };

/** An instant as operators read it. */
export const iso = (ms: number): string => new Date(ms).toISOString();
