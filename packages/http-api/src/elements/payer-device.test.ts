import type { Request } from 'express';
import { payerDeviceOf } from './payer-device';

const seen = (ip: string | undefined) => payerDeviceOf({ ip } as Request);

describe("payerDeviceOf: the payer's IP as the door hands it to the driver", () => {
  it.each([
    ['203.0.113.9', { ip: '203.0.113.9' }],
    ['::ffff:203.0.113.9', { ip: '203.0.113.9' }],
    ['::FFFF:127.0.0.1', { ip: '127.0.0.1' }],
    ['2001:db8::9', { ip: '2001:db8::9' }],
  ])('%s is given as %j', (ip, device) => {
    expect(seen(ip)).toEqual(device);
  });

  it.each([[undefined], [''], ['unknown'], ['203.0.113.9:443'], ['::ffff:999.1.1.1']])('%j is no address: no device', (ip) => {
    expect(seen(ip)).toBeUndefined();
  });
});
