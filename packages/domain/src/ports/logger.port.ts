/** Fields of a structured log line. Never put secrets, tokens, payment tokens or card data here. */
export type LogFields = Readonly<Record<string, unknown>>;

/** Structured logger: one event name per line, plus fields. */
export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}
