import { isScryptHash, ScryptPasswordHasher } from './scrypt.password-hasher';

// A low cost keeps the suite fast; the default cost is checked once below.
const hasher = new ScryptPasswordHasher({ cost: { logN: 10, r: 8, p: 1 } });

describe('ScryptPasswordHasher', () => {
  it('verifies the secret it hashed and refuses any other', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    await expect(hasher.verify('correct horse battery staple', hash)).resolves.toBe(true);
    await expect(hasher.verify('correct horse battery stapl', hash)).resolves.toBe(false);
    await expect(hasher.verify('', hash)).resolves.toBe(false);
  });

  it('salts every hash and never contains the secret', async () => {
    const [a, b] = await Promise.all([hasher.hash('same-secret'), hasher.hash('same-secret')]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same-secret');
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(isScryptHash(a)).toBe(true);
  });

  it('encodes its cost, so hashes made under another cost still verify', async () => {
    const strong = new ScryptPasswordHasher();
    const hash = await strong.hash('s3cret-value');
    expect(hash.startsWith('$scrypt$ln=15,r=8,p=3$')).toBe(true);
    await expect(hasher.verify('s3cret-value', hash)).resolves.toBe(true);
  });

  it('answers false for a malformed or tampered hash instead of throwing', async () => {
    const hash = await hasher.hash('secret-one');
    const parts = hash.split('$');
    const digest = parts[5] ?? '';
    const tampered = [...parts.slice(0, 5), `${digest[0] === 'A' ? 'B' : 'A'}${digest.slice(1)}`].join('$');
    await expect(hasher.verify('secret-one', tampered)).resolves.toBe(false);
    for (const bad of ['', 'plain-text', '$scrypt$ln=99,r=8,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g', '$2b$10$abcdefghijklmnopqrstuv']) {
      expect(isScryptHash(bad)).toBe(false);
      await expect(hasher.verify('secret-one', bad)).resolves.toBe(false);
    }
  });
});
