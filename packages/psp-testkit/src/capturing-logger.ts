import type { LogFields, Logger } from '@splitpay/domain';

/** Log lines as they would be written (JSON), to check that no secret, card data or token reaches one. */
export class CapturingLogger implements Logger {
  readonly lines: string[] = [];

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

  private write(level: string, event: string, fields?: LogFields): void {
    this.lines.push(JSON.stringify({ level, event, ...fields }, (_key, value: unknown) => (value instanceof Error ? { ...value, name: value.name, message: value.message, stack: value.stack } : value)));
  }
}
