import type { Stores } from '@splitpay/application';
import type { MongoStores } from '../create-stores';
import type { ContractEngine, OpenedStore } from './harness';

/**
 * Every method of every repository port, and the store's own. `satisfies` makes the compiler name any
 * method a port gains (or loses) here, so the contract cannot silently miss it.
 */
const PORT_METHODS = {
  sessions: {
    insert: true,
    insertKeyed: true,
    findByIdempotencyKey: true,
    findById: true,
    findByElementsTokenHash: true,
    findByAttemptId: true,
    findByTransactionId: true,
    findByProviderRef: true,
    save: true,
    claimDue: true,
    claimNotificationDue: true,
    postponeNotification: true,
    recallNotification: true,
    renewLease: true,
    releaseLease: true,
    searchSessions: true,
    searchAttempts: true,
    searchTransactions: true,
    findAbandonedNotifications: true,
  } satisfies Record<keyof Stores['sessions'], true>,
  merchants: { upsert: true, findById: true, findByContactEmail: true } satisfies Record<keyof Stores['merchants'], true>,
  chargebacks: { insertIfAbsent: true, findByNotificationId: true, listForSession: true, save: true, claimDue: true, renewLease: true, releaseLease: true, findAbandonedDeliveries: true } satisfies Record<keyof Stores['chargebacks'], true>,
  authCodes: { insert: true, consume: true } satisfies Record<keyof Stores['authCodes'], true>,
  refreshTokens: { insert: true, rotate: true, revokeFamily: true, revokeFamilyOf: true } satisfies Record<keyof Stores['refreshTokens'], true>,
};
type Repository = keyof typeof PORT_METHODS;
/** What the composition root calls on the store itself (close is the engine's, not stored data). */
const STORE_METHODS: readonly (keyof MongoStores)[] = ['ensureIndexes', 'resyncSearchViews', 'rebuildSearchViews', 'repairSearchEntries', 'clearAdyenCardReasons'];

/** Every `repository.method` and `store.method` the contract must call. */
export const CONTRACT_METHODS: readonly string[] = [
  ...(Object.keys(PORT_METHODS) as Repository[]).flatMap((repo) => Object.keys(PORT_METHODS[repo]).map((method) => `${repo}.${method}`)),
  ...STORE_METHODS.map((method) => `store.${method}`),
];

function traced<T extends object>(target: T, prefix: string, names: readonly string[], calls: Set<string>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof property !== 'string' || typeof value !== 'function' || !names.includes(property)) return value;
      return (...args: unknown[]) => {
        calls.add(`${prefix}.${property}`);
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}

function tracedStores(stores: MongoStores, calls: Set<string>): MongoStores {
  const repositories = new Map<string, object>();
  for (const repo of Object.keys(PORT_METHODS) as Repository[]) {
    repositories.set(repo, traced(stores[repo], repo, Object.keys(PORT_METHODS[repo]), calls));
  }
  const top = traced(stores, 'store', STORE_METHODS, calls);
  return new Proxy(top, { get: (object, property, receiver) => (typeof property === 'string' && repositories.get(property)) || Reflect.get(object, property, receiver) });
}

/** The engine, its repositories recording into `calls` every port method the contract's tests call. */
export function tracingEngine(engine: ContractEngine, calls: Set<string>): ContractEngine {
  return {
    ...engine,
    async open(): Promise<OpenedStore> {
      const opened = await engine.open();
      return { ...opened, stores: tracedStores(opened.stores, calls), sibling: () => tracedStores(opened.sibling(), calls), dispose: () => opened.dispose() };
    },
  };
}

/** Registered last: fails when a test of the contract never called some repository method. */
export function methodCoverageContract(engineName: string, calls: ReadonlySet<string>): void {
  describe(`store contract coverage on ${engineName}`, () => {
    it('called every method of every repository port, and of the store', () => {
      expect(CONTRACT_METHODS.filter((method) => !calls.has(method))).toEqual([]);
    });
  });
}
