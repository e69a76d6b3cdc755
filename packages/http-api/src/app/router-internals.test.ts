import { Router } from 'express';
import { assertRouterInternals, expressVersions } from './router-internals';

/** Express's Router, whose layers lose one field after each `use` or route. */
function routerWithout(field: 'rawPath' | 'route'): () => unknown {
  return () => {
    const router = Router() as unknown as { stack: Record<string, unknown>[]; use: (...a: unknown[]) => unknown; get: (...a: unknown[]) => unknown };
    for (const method of ['use', 'get'] as const) {
      const original = router[method].bind(router);
      router[method] = (...args: unknown[]) => {
        original(...args);
        for (const layer of router.stack) delete layer[field];
        return router;
      };
    }
    return router;
  };
}

describe("Express's router internals the prefix dispatcher reads", () => {
  it('are there in the installed Express', () => {
    expect(() => assertRouterInternals()).not.toThrow();
    expect(expressVersions()).toMatch(/^express 5\.\d+\.\d+, router 2\.\d+\.\d+$/);
  });

  it("fails naming Express's version and what is missing when a layer has no rawPath", () => {
    expect(() => assertRouterInternals(routerWithout('rawPath'))).toThrow(/express 5\.\d+\.\d+, router 2\.\d+\.\d+ does not lay out .*a mount layer's rawPath/);
  });

  it('fails when a route layer carries no route', () => {
    expect(() => assertRouterInternals(routerWithout('route'))).toThrow(/a route layer's route\.path; a route layer's route\.methods/);
  });

  it('fails when a router has no stack', () => {
    const bare = () => ({ use: () => undefined, get: () => undefined });
    expect(() => assertRouterInternals(bare)).toThrow(/router\.stack \(one layer per use or route\); router\.params/);
  });
});
