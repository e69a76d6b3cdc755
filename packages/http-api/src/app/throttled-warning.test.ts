import { CapturingLogger } from '@splitpay/domain/src/testing';
import { ThrottledWarning } from './throttled-warning';

describe('ThrottledWarning', () => {
  const setUp = () => {
    const logger = new CapturingLogger();
    let now = 1_000_000;
    const warning = new ThrottledWarning({ logger, event: 'rate_limit.store_unavailable', recoveredEvent: 'rate_limit.store_recovered', fields: { limiter: 'oauth:token:address' }, intervalMs: 30_000, now: () => now });
    return { logger, warning, advance: (ms: number) => (now += ms) };
  };

  it('writes the first failure at once, then at most one warning per interval with the requests let through since the last one', () => {
    const { logger, warning, advance } = setUp();
    warning.report({ error: 'MongoNetworkError: down' }, { letThrough: true });
    for (let i = 0; i < 5; i++) {
      advance(5_000);
      warning.report({ error: 'MongoNetworkError: down' }, { letThrough: true });
    }
    expect(logger.named('rate_limit.store_unavailable')).toEqual([
      { level: 'warn', event: 'rate_limit.store_unavailable', fields: { limiter: 'oauth:token:address', error: 'MongoNetworkError: down', letThrough: 1 } },
    ]);
    advance(5_000);
    warning.report({ error: 'no answer within 2000 ms' }, { letThrough: true });
    expect(logger.named('rate_limit.store_unavailable').map((line) => line.fields)).toEqual([
      { limiter: 'oauth:token:address', error: 'MongoNetworkError: down', letThrough: 1 },
      { limiter: 'oauth:token:address', error: 'no answer within 2000 ms', letThrough: 6 },
    ]);
  });

  it('counts only the requests let through: a failed decrement is reported but lets nobody through', () => {
    const { logger, warning, advance } = setUp();
    warning.report({ error: 'down' }, { letThrough: false });
    warning.report({ error: 'down' }, { letThrough: true });
    warning.report({ error: 'down' }, { letThrough: false });
    advance(30_000);
    warning.report({ error: 'down' }, { letThrough: false });
    expect(logger.named('rate_limit.store_unavailable').map((line) => line.fields)).toEqual([
      { limiter: 'oauth:token:address', error: 'down', letThrough: 0 },
      { limiter: 'oauth:token:address', error: 'down', letThrough: 1 },
    ]);
  });

  it('writes again at once after a quiet interval', () => {
    const { logger, warning, advance } = setUp();
    warning.report({ error: 'down' }, { letThrough: true });
    advance(10 * 60_000);
    warning.report({ error: 'down again' }, { letThrough: true });
    expect(logger.named('rate_limit.store_unavailable').map((line) => line.fields)).toEqual([
      { limiter: 'oauth:token:address', error: 'down', letThrough: 1 },
      { limiter: 'oauth:token:address', error: 'down again', letThrough: 1 },
    ]);
  });

  it('says once that the source answers again, with the requests let through since the last warning', () => {
    const { logger, warning, advance } = setUp();
    warning.recovered();
    expect(logger.named('rate_limit.store_recovered')).toEqual([]);
    warning.report({ error: 'down' }, { letThrough: true });
    advance(1_000);
    warning.report({ error: 'down' }, { letThrough: true });
    warning.report({ error: 'down' }, { letThrough: false });
    advance(1_000);
    warning.recovered();
    warning.recovered();
    expect(logger.named('rate_limit.store_recovered')).toEqual([
      { level: 'warn', event: 'rate_limit.store_recovered', fields: { limiter: 'oauth:token:address', letThrough: 1 } },
    ]);
    // A failure after the recovery is written at once, as a new outage.
    warning.report({ error: 'down again' }, { letThrough: true });
    expect(logger.named('rate_limit.store_unavailable').map((line) => line.fields.error)).toEqual(['down', 'down again']);
  });
});
