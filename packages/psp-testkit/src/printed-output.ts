import { format } from 'node:util';

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/** What was printed while a check ran: to the console, or straight to the process's stdout and stderr. */
export interface PrintedOutput {
  text(): string;
  /** Puts the console and the streams back as they were. */
  stop(): void;
}

/**
 * Records what code under check prints, outside the logger the kit gives the provider (a driver's
 * console.log of its settings): each call still reaches the real console or stream.
 */
export function recordPrintedOutput(): PrintedOutput {
  const printed: string[] = [];
  const consoleBefore = CONSOLE_METHODS.map((name) => [name, console[name]] as const);
  for (const [name, original] of consoleBefore) {
    console[name] = (...args: unknown[]) => {
      printed.push(format(...args));
      original.apply(console, args);
    };
  }
  const streams = [process.stdout, process.stderr].map((stream) => [stream, stream.write] as const);
  for (const [stream, original] of streams) {
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      printed.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) || chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk));
      return (original as (...a: unknown[]) => boolean).apply(stream, [chunk, ...rest]);
    }) as typeof stream.write;
  }
  return {
    text: () => printed.join('\n'),
    stop() {
      for (const [name, original] of consoleBefore) console[name] = original;
      for (const [stream, original] of streams) stream.write = original;
    },
  };
}
