import express, { type Express, type Router } from 'express';
import type { Logger } from '@splitpay/domain';
import { errorHandler, notFoundHandler } from '../errors/error-handler';

export interface HttpAppDeps {
  readonly logger: Logger;
  /**
   * Routers mounted in order. Each area (oauth, api, elements, psp notifications, fake PSP) parses
   * its own bodies: PSP notifications need the raw body to verify signatures.
   */
  readonly routers: readonly Router[];
}

/** The Express application: the areas' routers, then the contract's NotFound and error envelope. */
export function createHttpApp(deps: HttpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', false);
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  for (const router of deps.routers) app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(deps.logger));
  return app;
}
