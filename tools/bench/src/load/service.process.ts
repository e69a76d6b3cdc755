import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { WinstonLogger } from '@splitpay/infra';
import { createAppInstance } from '../../../../apps/server/src/app-instance';
import { readConfig } from '../../../../apps/server/src/config';
import { loadMerchantsAtStart } from '../../../../apps/server/src/merchants/load-at-start';
import { createStoresFor } from '../../../../apps/server/src/wiring/stores';
import { EmbeddedDatabase } from '@splitpay/store-embedded';
import { announce } from './child-process';
import { seedPaidSessions } from './seed-store';

/**
 * The service as `npm start` composes it (embedded store, fake PSP mounted, workers running), in its
 * own process, listening on 127.0.0.1 with a free port. BENCH_SEED_SESSIONS paid sessions of
 * BENCH_MERCHANT are stored first, straight into the engine's collections (seedPaidSessions): the
 * store's size is what counts.
 */
async function main(): Promise<void> {
  let app: Express | undefined;
  const server = http.createServer((req, res) => (app ? app(req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = readConfig({ ...process.env, PORT: '0', PUBLIC_BASE_URL: url });
  const logger = new WinstonLogger({ level: config.logLevel });
  const embeddedDatabase = new EmbeddedDatabase();
  const stores = await createStoresFor(config, logger, { embeddedDatabase });
  await loadMerchantsAtStart(config, stores.merchants, logger);
  await seedPaidSessions(embeddedDatabase, process.env.BENCH_MERCHANT ?? 'bench', Number(process.env.BENCH_SEED_SESSIONS ?? '0'));

  const instance = createAppInstance({ config, stores, logger });
  app = instance.app;
  instance.startWorkers();
  announce(
    url,
    async () => {
      instance.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stores.close();
    },
    // The CPU this process has used so far (µs), so the bench can divide a load's share by what it paid.
    { cpuMicros: () => { const used = process.cpuUsage(); return used.user + used.system; } },
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
