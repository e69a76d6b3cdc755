import { createRequire } from 'node:module';
import { Router } from 'express';

/**
 * Express 5 offers no public way to see what a router holds: the router package's own
 * `listRoutes()` (router 2.3) leaves plain middleware out, and a middleware may answer any path, so
 * the prefix dispatcher could not tell which routers to skip. The dispatcher and the route listing
 * therefore read the router's layers (`router.stack`, `router.params`; a layer's `route.path`,
 * `route.methods`, `rawPath` and `handle`), as router 2.3.0 lays them out under Express 5.3.0. Both
 * are pinned exactly for that reason: express in each package.json, router (which express asks for
 * as ^2.2.0) by the root package.json's overrides. This check makes an Express whose layers differ
 * fail at start-up rather than hand requests to the wrong routers.
 */

interface ProbedLayer {
  readonly rawPath?: unknown;
  readonly route?: { readonly path?: unknown; readonly methods?: Record<string, unknown> };
  readonly handle?: unknown;
}

interface ProbedRouter {
  readonly stack?: readonly ProbedLayer[];
  readonly params?: unknown;
  use(...args: unknown[]): unknown;
  get(...args: unknown[]): unknown;
}

function versionOf(name: string, from: string): string {
  try {
    const required = createRequire(from);
    return String((required(required.resolve(`${name}/package.json`)) as { version?: unknown }).version);
  } catch {
    return 'unknown';
  }
}

/** Express's version and that of the router it runs on (where the layers come from). */
export function expressVersions(): string {
  const express = versionOf('express', __filename);
  let router = 'unknown';
  try {
    router = versionOf('router', createRequire(__filename).resolve('express'));
  } catch {
    // Named as unknown in the message.
  }
  return `express ${express}, router ${router}`;
}

/** What a router made of a mount, a route and a plain middleware must show of them; the names of the checks it fails. */
function missingInternals(makeRouter: () => unknown): string[] {
  const probe = makeRouter() as ProbedRouter;
  const inner = makeRouter() as ProbedRouter;
  const noop = (): void => undefined;
  probe.use('/mounted', inner);
  probe.get('/routed/:id', noop);
  probe.use(noop);
  const stack = Array.isArray(probe.stack) ? probe.stack : [];
  const [mount, route, middleware] = stack;
  const checks: Record<string, boolean> = {
    'router.stack (one layer per use or route)': Array.isArray(probe.stack) && stack.length === 3,
    'router.params': typeof probe.params === 'object' && probe.params !== null,
    "a mount layer's rawPath": mount?.rawPath === '/mounted',
    "a mount layer's handle (the mounted router, with its stack)": mount?.handle === inner && Array.isArray(inner.stack),
    "a route layer's route.path": route?.route?.path === '/routed/:id',
    "a route layer's route.methods": route?.route?.methods?.get === true,
    'a plain middleware layer (no route, no path)': middleware !== undefined && !middleware.route && (middleware.rawPath === undefined || middleware.rawPath === '/'),
  };
  return Object.entries(checks)
    .filter(([, ok]) => !ok)
    .map(([name]) => name);
}

/** Throws, naming Express's version, when its routers do not hold what the dispatcher reads. */
export function assertRouterInternals(makeRouter: () => unknown = Router): void {
  const missing = missingInternals(makeRouter);
  if (missing.length > 0) {
    throw new Error(
      `The prefix dispatcher reads Express's router layers, which ${expressVersions()} does not lay out as express 5.3.0 (router 2.3.0) does: ` +
        `${missing.join('; ')}. Pin express to a version that does, or rework http-api's prefix-dispatch.ts and openapi/route-listing.ts.`,
    );
  }
}
