import { DomainError } from '../errors/domain-error';
import { checkNotificationUrl, hostReach } from './notification-url.rule';

function verdict(url: string): string {
  try {
    checkNotificationUrl(url);
    return 'accepted';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe('notification address rule', () => {
  it.each([
    'https://merchant.example/hooks',
    'https://10.0.0.5/hooks',
    'http://localhost:4000/webhooks',
    'http://shop.localhost/webhooks',
    'http://127.0.0.1:8080/n',
    'http://127.9.9.9/n',
    'http://[::1]:4000/n',
    'http://receiver:8080/n',
    'http://merchant-receiver/n',
    'http://notifier.shop.svc.cluster.local:8080/hooks',
    'http://hooks.shop.internal/n',
    'http://receiver.home.arpa/n',
    `https://${'a'.repeat(63)}.example/hooks`,
    `https://${[...Array.from({ length: 3 }, () => 'a'.repeat(63)), 'b'.repeat(61)].join('.')}/hooks`,
    `https://${[...Array.from({ length: 3 }, () => 'a'.repeat(63)), 'b'.repeat(61)].join('.')}./hooks`,
  ])('accepts %s', (url) => {
    expect(verdict(url)).toBe('accepted');
  });

  it.each([
    ['not a URL', 'merchant.example/hooks'],
    ['not a URL', ''],
    ['another scheme', 'ftp://merchant.example/hooks'],
    ['another scheme', 'javascript:alert(1)'],
    ['plain http on a public host', 'http://merchant.example/hooks'],
    ['plain http on a public host named like a private zone', 'http://local.shop.com/hooks'],
    ['plain http on a public host named like a private zone', 'http://shop.arpa/hooks'],
    ['plain http on a public address', 'http://93.184.216.34/hooks'],
    ['plain http on a private address', 'http://192.168.1.10/hooks'],
    ['plain http on a private address', 'http://10.1.2.3/hooks'],
    ['plain http on a unique-local address', 'http://[fd00::1]/hooks'],
    ['a link-local address (cloud metadata)', 'https://169.254.169.254/latest'],
    ['a link-local IPv6 address', 'https://[fe80::1]/n'],
    ['the unspecified address', 'http://0.0.0.0:4000/n'],
    ['credentials in the URL', 'https://user:secret@merchant.example/hooks'],
    ['a host label over 63 characters', `https://${'a'.repeat(64)}.example/hooks`],
    ['a host name over 253 characters', `https://${Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.')}/hooks`],
    ['a host name over 253 characters, local', `http://${Array.from({ length: 4 }, () => 'a'.repeat(63)).join('.')}.localhost/hooks`],
  ])('refuses %s: %s', (_why, url) => {
    expect(verdict(url)).toBe('InvalidNotificationUrl');
  });

  it('refuses a host label of 100,000 characters, which no resolver could ever look up', () => {
    expect(verdict(`https://${'a'.repeat(100_000)}.example/hooks`)).toBe('InvalidNotificationUrl');
  });

  it('reads addresses the way URL normalizes them (numeric and IPv4-mapped forms)', () => {
    expect(verdict('http://2130706433/n')).toBe('accepted');
    expect(verdict('http://[::ffff:127.0.0.1]/n')).toBe('accepted');
    expect(verdict('http://[::ffff:8.8.8.8]/n')).toBe('InvalidNotificationUrl');
    expect(hostReach('[::ffff:a9fe:a9fe]')).toBe('unroutable');
  });
});
