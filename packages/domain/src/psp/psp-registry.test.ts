import { card } from '../session/session.fixture';
import type { PspDriver, PspProvider } from './psp-driver.port';
import { PspRegistry } from './psp-registry';

const unused = async () => {
  throw new Error('not called');
};
const driver = (provider: string, method: PspDriver['method']): PspDriver => ({
  provider,
  method,
  capabilities: card.capabilities,
  open: unused,
  capture: unused,
  void: unused,
  refund: unused,
});
const provider = (id: string, drivers: readonly PspDriver[]): PspProvider => ({ id, drivers, parseNotification: unused });

describe('PspRegistry', () => {
  const acme = provider('acme', [driver('acme', 'card'), driver('acme', 'paypal')]);
  const lender = provider('lender', [driver('lender', 'oney')]);
  const registry = new PspRegistry([acme, lender]);

  it('finds a driver by (provider, method)', () => {
    expect(registry.driver('acme', 'paypal')).toBe(acme.drivers[1]);
    expect(registry.driver('lender', 'oney')).toBe(lender.drivers[0]);
    expect(registry.provider('lender')).toBe(lender);
  });

  it('answers nothing for a provider it does not carry, or a method the provider does not serve', () => {
    expect(registry.carries('acme')).toBe(true);
    expect(registry.carries('nobody')).toBe(false);
    expect(registry.driver('nobody', 'card')).toBeUndefined();
    expect(registry.driver('lender', 'card')).toBeUndefined();
    expect(registry.provider('nobody')).toBeUndefined();
  });

  it('names a provider by its display name, undefined when it gives none or is not carried', () => {
    const named = new PspRegistry([{ ...acme, displayName: 'Acme Pay' }, lender]);
    expect(named.displayName('acme')).toBe('Acme Pay');
    expect(named.displayName('lender')).toBeUndefined();
    expect(named.displayName('nobody')).toBeUndefined();
  });

  it('refuses a provider registered twice', () => {
    expect(() => new PspRegistry([acme, provider('acme', [])])).toThrow(/registered twice: acme/);
  });
});
