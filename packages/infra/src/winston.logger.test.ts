import { PassThrough } from 'node:stream';
import winston from 'winston';
import { WinstonLogger } from './winston.logger';

function capture(level: string): { logger: WinstonLogger; lines: () => Record<string, unknown>[] } {
  const stream = new PassThrough();
  const written: string[] = [];
  stream.on('data', (chunk: Buffer) => written.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  const logger = new WinstonLogger({ level, transports: [new winston.transports.Stream({ stream })], scope: { currentRequestId: () => 'req-1' } });
  return { logger, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** Fields whose reading is counted: a line dropped for its level must not even be looked at. */
function countedFields(): { fields: Record<string, unknown>; reads: () => number } {
  let reads = 0;
  const fields = {};
  Object.defineProperty(fields, 'orderId', {
    enumerable: true,
    get: () => {
      reads += 1;
      return 'order-1';
    },
  });
  return { fields, reads: () => reads };
}

describe('WinstonLogger', () => {
  it('writes the lines at or above its level, stamped with the request id, secrets redacted', async () => {
    const { logger, lines } = capture('warn');
    logger.warn('psp.slow', { provider: 'fake', token: 'pst_secret', message: 'took long' });
    logger.error('psp.down', { provider: 'fake' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines()).toEqual([
      expect.objectContaining({ level: 'warn', event: 'psp.slow', requestId: 'req-1', provider: 'fake', token: '[redacted]', detail: 'took long' }),
      expect.objectContaining({ level: 'error', event: 'psp.down', requestId: 'req-1' }),
    ]);
  });

  it("redacts the payer's IP under the names the port and the PSPs give it, at any depth", async () => {
    const { logger, lines } = capture('info');
    const ip = '203.0.113.42';
    logger.info('psp.call', { payerDevice: { ip }, body: { shopperIP: ip, order: { customer: { device: { ipAddress: ip } } }, risk: { customer: { ip_address: ip } } }, shipping: 'kept' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines())).not.toContain(ip);
    expect(lines()[0]).toMatchObject({ payerDevice: '[redacted]', body: { shopperIP: '[redacted]', order: { customer: { device: { ipAddress: '[redacted]' } } } }, shipping: 'kept' });
  });

  it("redacts a 3-D Secure result (the confirm door's details, the return's fields) and a PSP's payment data, at any depth", async () => {
    const { logger, lines } = capture('info');
    const result = 'eyJ0cmFuc1N0YXR1cyI6IlkifQ';
    logger.info('psp.call', { input: { method: 'card', details: { threeDSResult: result } }, params: { redirectResult: result, MD: result, PaRes: result }, action: { paymentData: result }, kept: 'yes' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines())).not.toContain(result);
    expect(lines()[0]).toMatchObject({ input: { method: 'card', details: '[redacted]' }, kept: 'yes' });
  });

  it('drops a line under its level before reading its fields', async () => {
    const { logger, lines } = capture('warn');
    const info = countedFields();
    logger.info('http.request', info.fields);
    logger.debug('http.request', info.fields);
    const warn = countedFields();
    logger.warn('http.slow', warn.fields);
    await new Promise((resolve) => setImmediate(resolve));
    expect(info.reads()).toBe(0);
    expect(warn.reads()).toBe(1);
    expect(lines().map((line) => [line.event, line.orderId])).toEqual([['http.slow', 'order-1']]);
  });

  it('writes info lines at level info, and none when silent', async () => {
    const { logger, lines } = capture('info');
    logger.info('http.request', { status: 201 });
    logger.debug('store.read', {});
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines().map((line) => line.event)).toEqual(['http.request']);

    const silent = new WinstonLogger({ level: 'debug', silent: true, transports: [new winston.transports.Stream({ stream: new PassThrough() })] });
    const fields = countedFields();
    silent.error('psp.down', fields.fields);
    expect(fields.reads()).toBe(0);
  });
});
