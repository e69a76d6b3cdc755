import winston from 'winston';
import { LevelWriter, type LogFields, type LogLevel } from '@splitpay/domain';
import { redact } from './redact';
import { requestScope, type RequestScope } from './request-scope';

export interface WinstonLoggerOptions {
  readonly level?: string;
  /** Extra transports (tests capture lines with a stream transport). */
  readonly transports?: winston.transport[];
  readonly silent?: boolean;
  /** Where the current request id is read, to stamp each line with it; default the process's scope. */
  readonly scope?: Pick<RequestScope, 'currentRequestId'>;
}

const LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error'];

/** JSON lines through winston; every field passes the redaction of secrets and card data first. */
export class WinstonLogger extends LevelWriter {
  private readonly logger: winston.Logger;
  private readonly scope: Pick<RequestScope, 'currentRequestId'>;
  private readonly enabled: ReadonlySet<LogLevel>;

  constructor(options: WinstonLoggerOptions = {}) {
    super();
    this.scope = options.scope ?? requestScope;
    this.logger = winston.createLogger({
      level: options.level ?? 'info',
      silent: options.silent ?? false,
      format: winston.format.combine(winston.format.timestamp(), winston.format.json()),
      transports: options.transports ?? [new winston.transports.Console()],
    });
    // Winston formats every entry (timestamp, JSON) before its transports drop the ones under their
    // level: a line no transport writes is dropped here, before its fields are even redacted.
    this.enabled = new Set(options.silent ? [] : LEVELS.filter((level) => this.logger.isLevelEnabled(level)));
  }

  protected write(level: LogLevel, event: string, fields?: LogFields): void {
    if (!this.enabled.has(level)) return;
    // `message` is winston's own key: a field of that name is kept as `detail`.
    const { message, ...rest } = redact(fields);
    const requestId = this.scope.currentRequestId();
    this.logger.log({ level, message: event, event, ...(requestId ? { requestId } : {}), ...rest, ...(message === undefined ? {} : { detail: message }) });
  }
}
