import { Router, type RequestHandler } from 'express';
import { assertRouterInternals } from './router-internals';

interface LayerLike {
  readonly rawPath?: unknown;
  readonly route?: { readonly path: unknown };
  readonly handle?: RouterLike | ((...args: never[]) => unknown);
}

interface RouterLike {
  (...args: never[]): unknown;
  readonly stack: readonly LayerLike[];
  readonly params?: Record<string, unknown>;
}

/**
 * Where a router may answer: anywhere (a middleware without a path, a route whose first segment is a
 * parameter), everything under a first segment (`elements`: a mount, or a route like `/api/:id`), or
 * the paths of one first and second segment (`api/sessions`; `metrics/` for `/metrics` itself).
 */
type Reach = { readonly kind: 'anywhere' } | { readonly kind: 'under'; readonly first: string } | { readonly kind: 'pair'; readonly key: string };

const ANYWHERE: Reach = { kind: 'anywhere' };
const PATTERN = /[:*{}()?+\\]/;

/** Literal segments match case-insensitively, as Express matches them by default. */
function reachOf(path: string, mounted: boolean): Reach {
  const [first = '', second] = path.replace(/^\/+/, '').split('/');
  if (PATTERN.test(first)) return ANYWHERE;
  if ((mounted && second === undefined) || (second !== undefined && PATTERN.test(second))) return { kind: 'under', first: first.toLowerCase() };
  return { kind: 'pair', key: `${first}/${second ?? ''}`.toLowerCase() };
}

/** The request's key: its first two segments (`api/sessions`), lowercased. */
function keyOf(path: string): { readonly first: string; readonly pair: string } {
  const [, first = '', second = ''] = path.split('/', 3);
  return { first: first.toLowerCase(), pair: `${first}/${second}`.toLowerCase() };
}

/**
 * Where each layer of a router may answer, read from Express's own layers. A mount covers everything
 * under its path, so what it holds is not read; a router without a path is read through.
 */
function reachesOf(stack: readonly LayerLike[], out: Reach[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths: unknown[] = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) out.push(typeof path === 'string' ? reachOf(path, false) : ANYWHERE);
    } else if (layer.rawPath !== undefined && layer.rawPath !== '/') {
      out.push(typeof layer.rawPath === 'string' ? reachOf(layer.rawPath, true) : ANYWHERE);
    } else if (isRouter(layer.handle)) {
      reachesOf(layer.handle.stack, out);
    } else {
      out.push(ANYWHERE);
    }
  }
}

function isRouter(handle: unknown): handle is RouterLike {
  return typeof handle === 'function' && Array.isArray((handle as { stack?: unknown }).stack);
}

/** A router made only of routers without a path (`router.use(a, b, c)`) is asked as its parts, in order. */
function parts(router: RouterLike): RouterLike[] {
  const composed =
    router.stack.length > 0 &&
    Object.keys(router.params ?? {}).length === 0 &&
    router.stack.every((layer) => !layer.route && (layer.rawPath === undefined || layer.rawPath === '/') && isRouter(layer.handle));
  return composed ? router.stack.flatMap((layer) => parts(layer.handle as RouterLike)) : [router];
}

/**
 * One request handed along its chain of routers. A router calls back with an error, or without when
 * it did not answer. No router handles errors (Express skips them for an error as well): an error
 * goes straight to the app's error handler. (A class, not a closure per request: under tsx every
 * named closure made per request is renamed by a defineProperty call.)
 */
class ChainWalk {
  private at = 0;
  readonly step: (error?: unknown) => void;

  constructor(
    private readonly chain: readonly RequestHandler[],
    private readonly req: Parameters<RequestHandler>[0],
    private readonly res: Parameters<RequestHandler>[1],
    private readonly next: Parameters<RequestHandler>[2],
  ) {
    this.step = this.advance.bind(this);
  }

  private advance(error?: unknown): void {
    const router = this.chain[this.at++];
    if ((error !== undefined && error !== null) || !router) this.next(error);
    else router(this.req, this.res, this.step);
  }
}

/**
 * The areas' routers, each asked only about the paths it serves. A request is handed, in the routers'
 * order, to those that have a route or mount under its first two segments (`/api/sessions/...`), or
 * under its first one (`/elements/...`), or anywhere; not to every router in turn (each one entered
 * costs Express a router's set-up and a path match per layer). What answers, and in which order the
 * routers are asked, is unchanged: a router with nothing under a request's path could not answer it.
 *
 * The handler carries the routers' layers as its `stack`, so that the app's routes are still listed
 * (the 405 handler, the OpenAPI conformance check). The layers are Express internals: an Express
 * that lays them out otherwise fails here, at start-up (router-internals.ts says why they are read).
 */
export function prefixDispatch(routers: readonly Router[]): RequestHandler & { readonly stack: readonly unknown[] } {
  assertRouterInternals();
  const listed = Router();
  for (const router of routers) listed.use(router);
  const asked = routers.flatMap((router) => parts(router as unknown as RouterLike)).map((router) => {
    const reaches: Reach[] = [];
    reachesOf(router.stack, reaches);
    return { router: router as unknown as RequestHandler, reaches };
  });
  const firsts = new Set<string>();
  const pairs = new Set<string>();
  for (const { reaches } of asked) {
    for (const reach of reaches) {
      if (reach.kind === 'under') firsts.add(reach.first);
      if (reach.kind === 'pair') {
        pairs.add(reach.key);
        firsts.add(reach.key.slice(0, reach.key.indexOf('/')));
      }
    }
  }
  const chainOf = (answers: (reach: Reach) => boolean): RequestHandler[] => asked.filter(({ reaches }) => reaches.some(answers)).map(({ router }) => router);
  const anywhere = chainOf((reach) => reach.kind === 'anywhere');
  const underFirst = new Map([...firsts].map((first) => [first, chainOf((reach) => reach.kind === 'anywhere' || (reach.kind === 'under' && reach.first === first))]));
  const byPair = new Map(
    [...pairs].map((pair) => {
      const first = pair.slice(0, pair.indexOf('/'));
      return [pair, chainOf((reach) => reach.kind === 'anywhere' || (reach.kind === 'under' && reach.first === first) || (reach.kind === 'pair' && reach.key === pair))];
    }),
  );

  const dispatch: RequestHandler = (req, res, next) => {
    const key = keyOf(req.path);
    new ChainWalk(byPair.get(key.pair) ?? underFirst.get(key.first) ?? anywhere, req, res, next).step();
  };
  return Object.assign(dispatch, { stack: listed.stack as readonly unknown[] });
}
