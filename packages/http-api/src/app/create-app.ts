import express, { type Express, type Router } from 'express';
import type { Logger, Metrics } from '@splitpay/domain';
import { errorHandler } from '../errors/error-handler';
import { doorFinder } from './aborted-door';
import { preflightDoor } from './preflight';
import { prefixDispatch } from './prefix-dispatch';
import { unmatchedRequestHandler } from './method-not-allowed';
import { requestLog, type HttpRequestObserver, type RequestScopeRunner } from './request-log';
import type { TrustProxy } from './trust-proxy';

export interface HttpAppDeps {
  readonly logger: Logger;
  /**
   * Routers mounted in order. Each area (oauth, api, elements, psp notifications, fake PSP) parses
   * its own bodies: PSP notifications need the raw body to verify signatures.
   */
  readonly routers: readonly Router[];
  /** The proxies whose X-Forwarded-For names the client (TRUST_PROXY); default none. */
  readonly trustProxy?: TrustProxy;
  /** Enters each request's scope, so that every log line of the request carries its id. */
  readonly requestScope?: RequestScopeRunner;
  /** Sees each answer (request duration by route and status). */
  readonly observer?: HttpRequestObserver;
  /** Counts the requests whose body the client stopped sending (they get no answer for the observer to see). */
  readonly metrics?: Metrics;
}

/** The Express application: request ids and access lines, the areas' routers, then 405/404 and the error envelope. */
export function createHttpApp(deps: HttpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Express would hash every answer into an ETag: the API's answers are per token and never cached
  // (no-store), and the doors that serve files set their own validator.
  app.set('etag', false);
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(requestLog({ logger: deps.logger, ...(deps.requestScope ? { scope: deps.requestScope } : {}), ...(deps.observer ? { observer: deps.observer } : {}) }));
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  const doorOf = doorFinder(app as unknown as Parameters<typeof doorFinder>[0]);
  app.use(preflightDoor(doorOf));
  app.use(prefixDispatch(deps.routers));
  app.use(unmatchedRequestHandler(app as unknown as Parameters<typeof unmatchedRequestHandler>[0]));
  app.use(errorHandler(deps.logger, { doorOf, ...(deps.metrics ? { metrics: deps.metrics } : {}) }));
  return app;
}
