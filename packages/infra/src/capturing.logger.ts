import { Writable } from 'stream';
import winston from 'winston';
import type { LogFields, Logger } from '@splitpay/domain';
import { WinstonLogger } from './winston.logger';

/** A log line as the capturing logger read it back. */
export interface LoggedLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly event: string;
  readonly fields: Readonly<Record<string, unknown>>;
}

/**
 * The test double of the Logger port: the service's own winston logger (redaction included), its
 * JSON lines kept in memory from debug up, so a test checks what would reach the log.
 */
export class CapturingLogger implements Logger {
  /** Every line as written (JSON text). */
  readonly lines: string[] = [];
  private readonly logger: WinstonLogger;

  constructor(level = 'debug') {
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        this.lines.push(chunk.toString('utf8'));
        done();
      },
    });
    this.logger = new WinstonLogger({ level, transports: [new winston.transports.Stream({ stream })] });
  }

  /** The lines read back: level, event and the other fields. */
  entries(): LoggedLine[] {
    return this.lines.map((line) => {
      const { level, event, message: _message, timestamp: _timestamp, ...fields } = JSON.parse(line) as Record<string, unknown>;
      return { level: level as LoggedLine['level'], event: String(event), fields };
    });
  }

  /** The lines of one event. */
  named(event: string): LoggedLine[] {
    return this.entries().filter((line) => line.event === event);
  }

  debug(event: string, fields?: LogFields): void {
    this.logger.debug(event, fields);
  }
  info(event: string, fields?: LogFields): void {
    this.logger.info(event, fields);
  }
  warn(event: string, fields?: LogFields): void {
    this.logger.warn(event, fields);
  }
  error(event: string, fields?: LogFields): void {
    this.logger.error(event, fields);
  }
}
