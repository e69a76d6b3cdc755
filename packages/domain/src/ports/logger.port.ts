/** Fields of a structured log line. Never put secrets, tokens, payment tokens or card data here. */
export type LogFields = Readonly<Record<string, unknown>>;

/** Structured logger: one event name per line, plus fields. */
export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** A Logger whose four levels go through one `write`: an implementation gives only that. */
export abstract class LevelWriter implements Logger {
  protected abstract write(level: LogLevel, event: string, fields?: LogFields): void;

  debug(event: string, fields?: LogFields): void {
    this.write('debug', event, fields);
  }
  info(event: string, fields?: LogFields): void {
    this.write('info', event, fields);
  }
  warn(event: string, fields?: LogFields): void {
    this.write('warn', event, fields);
  }
  error(event: string, fields?: LogFields): void {
    this.write('error', event, fields);
  }
}
