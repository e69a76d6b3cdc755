/** Where a command writes its report (stdout in main.ts; a buffer in a test). */
export interface Output {
  line(text: string): void;
}

export const stdout: Output = { line: (text) => void process.stdout.write(`${text}\n`) };

/** Where a command warns of what its report alone would not show (stderr, as the usage errors). */
export const warnings: Output = { line: (text) => void process.stderr.write(`ops: warning: ${text}\n`) };

/** An instant as operators read it. */
export const iso = (ms: number): string => new Date(ms).toISOString();
