import type { Logger, MethodKind, PspDriver, PspPluginDeps, PspProvider } from '@splitpay/domain';
import { fakeKitTarget } from '@splitpay/psp-fake/src/testing/fake.kit-target';
import { pspDriverChecks } from '../driver-contract';
import type { PspKitTarget } from '../kit-target';

/** How a broken driver differs from psp-fake's: its methods replaced (the logger is the provider's). */
export type Break = (driver: PspDriver, logger: Logger) => Partial<PspDriver>;
/** A provider that builds itself from other deps than the service passes its plugin. */
export type DepsBreak = (deps: PspPluginDeps) => PspPluginDeps;

/**
 * psp-fake's target whose driver for `method` is wrapped by `broken` (and whose reader by `reader`, and
 * whose plugin builds the provider from the deps the kit passes changed by `depsBreak`).
 */
export function brokenFake(method: MethodKind, broken: Break, reader?: (provider: PspProvider) => PspProvider['parseNotification'], depsBreak: DepsBreak = (deps) => deps): PspKitTarget {
  return brokenTarget(fakeKitTarget(method), broken, reader, depsBreak);
}

/** Any target (a real driver against nock too) whose driver for its method is wrapped by `broken`, its reader by `reader`, its deps by `depsBreak`. */
export function brokenTarget(target: PspKitTarget, broken: Break, reader?: (provider: PspProvider) => PspProvider['parseNotification'], depsBreak: DepsBreak = (deps) => deps): PspKitTarget {
  return {
    ...target,
    async start() {
      const run = await target.start();
      const create = (deps: PspPluginDeps): PspProvider => {
        const real = run.plugin.create(depsBreak(deps));
        const drivers = real.drivers.map((d) => (d.method === target.method ? Object.assign(Object.create(d) as PspDriver, broken(d, deps.logger)) : d));
        return { ...real, drivers, ...(reader ? { parseNotification: reader(real) } : {}) };
      };
      return { ...run, plugin: { ...run.plugin, create } };
    },
  };
}

/** 'passes', or the message the check `name` fails the target with. */
export async function outcome(target: PspKitTarget, name: string): Promise<'passes' | string> {
  const check = pspDriverChecks(target).find((c) => c.name === name);
  if (!check) throw new Error(`no check named ${name}`);
  return check.run().then(
    () => 'passes',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}
