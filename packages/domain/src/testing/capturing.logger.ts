import { LevelWriter, type LogFields, type LogLevel } from '../ports/logger.port';

/** A log line as the capturing logger kept it. */
export interface LoggedLine {
  readonly level: LogLevel;
  readonly event: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * The one test double of the Logger port. It keeps every call as given, before any redaction, so a
 * test that finds no secret in `lines` proves the code never handed one to the logger.
 */
export class CapturingLogger extends LevelWriter {
  /** Every line as JSON text: `{ level, event, ...fields }` (errors with name, message and stack). */
  readonly lines: string[] = [];
  private readonly kept: LoggedLine[] = [];

  /** Every line as given. */
  entries(): readonly LoggedLine[] {
    return this.kept;
  }

  /** The lines of one event. */
  named(event: string): LoggedLine[] {
    return this.kept.filter((line) => line.event === event);
  }

  protected write(level: LogLevel, event: string, fields: LogFields = {}): void {
    this.kept.push({ level, event, fields });
    this.lines.push(JSON.stringify({ level, event, ...fields }, (_key, value: unknown) => (value instanceof Error ? { ...value, name: value.name, message: value.message, stack: value.stack } : value)));
  }
}
