import { guardedLookup, isForbiddenAddress, isForbiddenLiteralHost, TARGET_REFUSED, type ResolvedAddress } from './send-target.guard';

describe('webhook send target guard', () => {
  it.each([
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'FEBF::1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '64:ff9b::169.254.169.254',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::6464:64c8',
    '64:ff9b::1',
    'fd00:ec2::254',
    '100.100.100.200',
  ])('refuses %s (link-local, unspecified or cloud metadata)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['127.0.0.1', '::1', '64:ff9b::5db8:d822', '10.0.0.5', '192.168.1.10', '172.16.0.1', '100.64.0.1', 'fd00::1', '93.184.216.34', '2606:2800:220:1::1'])(
    'allows %s (loopback, private and public addresses, as session creation does)',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it('refuses anything that is not an IP address', () => {
    expect(isForbiddenAddress('merchant.example')).toBe(true);
    expect(isForbiddenAddress('')).toBe(true);
  });

  it('checks a URL host only when it is an IP literal (names are checked after resolution)', () => {
    expect(isForbiddenLiteralHost('169.254.169.254')).toBe(true);
    expect(isForbiddenLiteralHost('[fe80::1]')).toBe(true);
    expect(isForbiddenLiteralHost('[::ffff:a9fe:a9fe]')).toBe(true);
    expect(isForbiddenLiteralHost('127.0.0.1')).toBe(false);
    expect(isForbiddenLiteralHost('metadata.google.internal')).toBe(false);
  });

  function lookupOf(addresses: readonly ResolvedAddress[]): Promise<{ error: Error | null; addresses: { address: string; family: number }[] }> {
    const lookup = guardedLookup(async () => addresses);
    return new Promise((resolve) => lookup('receiver.example', { all: true }, (error, found) => resolve({ error, addresses: found })));
  }

  it('a lookup hands back only the allowed addresses of a name', async () => {
    await expect(lookupOf([{ address: '169.254.169.254', family: 4 }, { address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }])).resolves.toEqual({
      error: null,
      addresses: [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    });
  });

  it('a name that resolves only to forbidden addresses fails the lookup with TARGET_REFUSED', async () => {
    const { error } = await lookupOf([{ address: '169.254.169.254', family: 4 }, { address: 'fe80::1', family: 6 }]);
    expect(error).toMatchObject({ code: TARGET_REFUSED });
  });

  it('a resolver failure fails the lookup with that error', async () => {
    const lookup = guardedLookup(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const error = await new Promise<Error | null>((resolve) => lookup('nowhere.example', {}, (e) => resolve(e)));
    expect(error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
