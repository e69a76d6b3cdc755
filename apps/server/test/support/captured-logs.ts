import { Writable } from 'node:stream';
import winston from 'winston';
import { WinstonLogger } from '@splitpay/infra';

/** The service's real winston logger, its JSON lines kept in memory (to check what reaches a log). */
export function capturingLogger(level = 'debug'): { logger: WinstonLogger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: new WinstonLogger({ level, transports: [new winston.transports.Stream({ stream })] }), lines };
}
