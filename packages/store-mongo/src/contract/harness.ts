import type { MongoStores } from '../create-stores';
import type { StoreCollections } from '../collections';
import type { ServerGap } from './server-gaps';

/** A store opened for one test: its repositories and the raw collections behind them. */
export interface OpenedStore {
  readonly stores: MongoStores;
  readonly collections: StoreCollections;
  /** Another set of repositories on the same database: a second service instance. */
  sibling(): MongoStores;
  /** Drops what the test stored and closes what it opened. */
  dispose(): Promise<void>;
}

/** An engine the contract runs on: each `open()` is a fresh, empty database with its indexes. */
export interface ContractEngine {
  readonly name: string;
  /** What the server lacks (probed); the tests needing it are skipped and the runner says so. */
  readonly gaps?: readonly ServerGap[];
  open(): Promise<OpenedStore>;
}

/** `it`, or `it.skip` on an engine lacking what the test needs. */
export function itNeeding(engine: ContractEngine, gap: ServerGap): jest.It {
  return engine.gaps?.includes(gap) ? it.skip : it;
}

/** Opens a fresh store before each test of the enclosing describe and disposes of it after. */
export function useFreshStore(engine: ContractEngine): () => OpenedStore {
  let opened: OpenedStore | undefined;
  beforeEach(async () => {
    opened = await engine.open();
  });
  afterEach(async () => {
    await opened?.dispose();
    opened = undefined;
  });
  return () => {
    if (!opened) throw new Error('The store is opened by beforeEach');
    return opened;
  };
}
