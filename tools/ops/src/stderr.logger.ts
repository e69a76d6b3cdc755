import { LevelWriter, type LogFields, type LogLevel } from '@splitpay/domain';
import { stderr } from './output';

const RANK: Readonly<Record<LogLevel, number>> = { debug: 0, info: 1, warn: 2, error: 3 };

/**
 * The service's log lines the commands cause (`notification.replayed`, a store warning), as JSON on
 * stderr (dropped once it fails, as the report is: D157-f): stdout is the command's own report. Fields are the use cases' own, which never hold a secret.
 */
export class StderrLogger extends LevelWriter {
  constructor(private readonly level: LogLevel = 'info') {
    super();
  }

  protected write(level: LogLevel, event: string, fields?: LogFields): void {
    if (RANK[level] < RANK[this.level]) return;
    stderr().line(JSON.stringify({ level, event, ...fields, timestamp: new Date().toISOString() }));
  }
}
