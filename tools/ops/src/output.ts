/** Where a command writes its report (stdout in main.ts; a buffer in a test). */
export interface Output {
  line(text: string): void;
}

/**
 * stdout as a command's report. When stdout fails (its reader closed early, `| head -3`: EPIPE), the
 * rest of the report is dropped and the command goes on to the end of its work: a replay stopped
 * half-way would leave messages abandoned that the operator believes replayed (D157-b).
 */
export class StdoutReport implements Output {
  private failure: string | undefined;

  constructor(private readonly stream: NodeJS.WriteStream = process.stdout) {
    // Without a listener, the failed write's 'error' ends the process with a stack trace, mid-command.
    stream.on('error', (error: NodeJS.ErrnoException) => {
      this.failure ??= error.code ?? error.message;
    });
  }

  line(text: string): void {
    if (this.failure === undefined) this.stream.write(`${text}\n`);
  }

  /** Once every line written has gone out or failed: why the report was cut (`EPIPE`), else undefined. */
  async cut(): Promise<string | undefined> {
    if (this.failure === undefined && !this.stream.destroyed) await new Promise<void>((resolve) => this.stream.write('', () => resolve()));
    return this.failure;
  }
}

/** Where a command warns of what its report alone would not show (stderr, as the usage errors). */
export const warnings: Output = { line: (text) => void process.stderr.write(`ops: warning: ${text}\n`) };

/** An instant as operators read it. */
export const iso = (ms: number): string => new Date(ms).toISOString();
