import { randomBytes } from 'node:crypto';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { readConfig } from '../config';
import { authKeysOf, secretSealerFor, warnAboutGeneratedKeys } from './auth';

describe('auth settings', () => {
  it('generates both keys when absent and says so', () => {
    const config = readConfig({});
    expect(config.generatedKeys).toEqual(['ACCESS_TOKEN_SIGNING_KEY', 'DATA_ENCRYPTION_KEY']);
    expect(Buffer.byteLength(config.accessTokenSigningKey ?? '')).toBeGreaterThanOrEqual(32);
    expect(readConfig({}).accessTokenSigningKey).not.toBe(config.accessTokenSigningKey);
    const sealer = secretSealerFor(config);
    expect(sealer.open(sealer.seal('x'))).toBe('x');

    const logger = new CapturingLogger();
    warnAboutGeneratedKeys(config, logger);
    const lines = logger.entries();
    expect(lines.map((line) => [line.event, line.fields.setting])).toEqual([
      ['config.key_generated', 'ACCESS_TOKEN_SIGNING_KEY'],
      ['config.key_generated', 'DATA_ENCRYPTION_KEY'],
    ]);
    expect(String(lines[0]?.fields.message)).toContain('will not survive a restart');
    expect(logger.lines.join('\n')).not.toContain(config.accessTokenSigningKey);
  });

  it('takes the keys from the environment, and two configurations with one key share sealed secrets', () => {
    const env = { ACCESS_TOKEN_SIGNING_KEY: 's'.repeat(32), DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
    const a = readConfig(env);
    expect(a.generatedKeys).toEqual([]);
    expect(authKeysOf(a)).toEqual({ signingKey: env.ACCESS_TOKEN_SIGNING_KEY, dataEncryptionKey: env.DATA_ENCRYPTION_KEY });
    expect(secretSealerFor(readConfig(env)).open(secretSealerFor(a).seal('whsec_x'))).toBe('whsec_x');
  });

  it('refuses a short signing key, a malformed encryption key and a bad scrypt cost', () => {
    expect(() => readConfig({ ACCESS_TOKEN_SIGNING_KEY: 'too-short' })).toThrow('ACCESS_TOKEN_SIGNING_KEY: an HS256 signing key must be at least 32 bytes');
    expect(() => readConfig({ DATA_ENCRYPTION_KEY: 'abc' })).toThrow('DATA_ENCRYPTION_KEY: a data encryption key must be 32 bytes');
    expect(() => readConfig({ SCRYPT_COST: '9,8,1' })).toThrow('SCRYPT_COST');
    expect(readConfig({ SCRYPT_COST: '14, 8, 2' }).scryptCost).toEqual({ logN: 14, r: 8, p: 2 });
    expect(readConfig({}).scryptCost).toEqual({ logN: 15, r: 8, p: 3 });
  });

  it('generates keys once per hand-built configuration, so instances sharing it share them', () => {
    const { accessTokenSigningKey: _a, dataEncryptionKey: _d, ...bare } = readConfig({});
    expect(authKeysOf(bare)).toBe(authKeysOf(bare));
    expect(authKeysOf({ ...bare }).signingKey).not.toBe(authKeysOf(bare).signingKey);
  });
});
