import http from 'node:http';
import { WinstonLogger } from '@splitpay/infra';
import { createAppInstance } from './app-instance';
import type { ServerConfig } from './config';
import { loadMerchantsAtStart } from './merchants/load-at-start';
import { warnAboutGeneratedKeys } from './wiring/auth';
import { dashboardAddress } from './wiring/dashboard';
import { createStoresFor, sharedHitCountersOf } from './wiring/stores';

export interface RunningServer {
  readonly url: string;
  /** Closes at once (tests). */
  close(): Promise<void>;
  /**
   * Graceful stop (SIGTERM, SIGINT): takes no new connection, lets requests in flight finish (their
   * connections are closed after SHUTDOWN_GRACE_MS), lets the workers end their current turn, closes
   * the store, and logs one line.
   */
  stop(signal: string): Promise<void>;
}

/**
 * This process's own address as its listener has it, through loopback when it listens on every
 * interface: PUBLIC_BASE_URL may name a load balancer that sends a call to another instance.
 */
function ownAddress(server: http.Server, configuredPort: number): string {
  const address = server.address();
  if (typeof address !== 'object' || !address) return `http://127.0.0.1:${configuredPort}`;
  // Node listens on '::' dual-stack: IPv4 loopback reaches it too.
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Composition root: builds every adapter, wires the use cases, and listens. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const logger = new WinstonLogger({ level: config.logLevel });
  const store = config.mongodbUri ? 'mongodb' : 'embedded';
  if (!config.mongodbUri) logger.warn('store.embedded', { message: 'No MONGODB_URI: running on the embedded in-memory store; nothing survives a restart.' });
  warnAboutGeneratedKeys(config, logger);
  const stores = await createStoresFor(config, logger);
  // Before listening: a bad merchants file stops the start with a message naming the entry and field.
  await loadMerchantsAtStart(config, stores.merchants, logger).catch(async (error: unknown) => {
    await stores.close();
    throw error;
  });
  const limitCounters = sharedHitCountersOf(stores);
  const server = http.createServer();
  const ownUrl = () => ownAddress(server, config.port);
  const instance = createAppInstance({ config, stores, logger, processMetrics: true, searchEntries: stores, ownUrl, ...(limitCounters ? { limitCounters } : {}) });
  server.on('request', instance.app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      instance.close();
      void stores.close();
      reject(new Error(error.code === 'EADDRINUSE' ? `port ${config.port} is already in use (set PORT)` : `cannot listen on port ${config.port}: ${error.message}`));
    });
    if (config.host) server.listen(config.port, config.host, resolve);
    else server.listen(config.port, resolve);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  instance.startWorkers();
  logger.info('server.started', { address: url, publicBaseUrl: config.publicBaseUrl, store, merchantsFile: config.merchantsFile, dashboard: dashboardAddress(config) });
  logger.info('dashboard.ready', {
    address: dashboardAddress(config),
    message: `Merchant dashboard: ${dashboardAddress(config)} (contacts sign in with their email and password; the README lists the demo contacts)`,
  });
  return {
    url,
    close: async () => {
      instance.close();
      await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
      await stores.close();
    },
    stop: async (signal) => {
      const started = Date.now();
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      // A connection kept alive between requests would hold the close forever: each one is closed as
      // soon as it is idle; after the grace period, the rest too.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const deadline = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs ?? 10_000);
      server.closeIdleConnections();
      await Promise.all([drained, instance.stop()]);
      // A notification answered during the drain may have left its capture, void or refund in flight.
      await instance.idle();
      clearInterval(sweep);
      clearTimeout(deadline);
      await stores.close();
      logger.info('server.stopped', { signal, durationMs: Date.now() - started });
    },
  };
}
