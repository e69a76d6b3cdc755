/** Where a command writes its report (stdout in main.ts; a buffer in a test). */
export interface Output {
  line(text: string): void;
}

export const stdout: Output = { line: (text) => void process.stdout.write(`${text}\n`) };

/** An instant as operators read it. */
export const iso = (ms: number): string => new Date(ms).toISOString();
