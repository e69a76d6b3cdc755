import os from 'node:os';
import path from 'node:path';
import { benchDomainLifecycle } from './domain-lifecycle.bench';
import { benchEmbeddedStore } from './embedded-store.bench';
import { printFigures, type Figures } from './figures';
import { describeMachine, loadAverage, printGoals, type GoalFigure } from './goals';
import { benchService, FULL_SERVICE_BENCH, QUICK_SERVICE_BENCH } from './service.bench';

/**
 * `npm run bench [-- --quick] [-- domain|store|service] [-- --profile]`: every benchmark once, printed
 * as figures beside the goals' targets (never asserted). `--quick` shortens every load and shrinks the
 * stores; `--profile` starts the service with `--cpu-prof` (profiles land in the system's temporary
 * directory, under splitpay-profiles).
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = args.find((arg) => !arg.startsWith('--'));
  const size = quick ? QUICK_SERVICE_BENCH : FULL_SERVICE_BENCH;
  const profiles = path.join(os.tmpdir(), 'splitpay-profiles');
  const serviceSize = args.includes('--profile') ? { ...size, serviceNodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profiles}`] } : size;
  const started = Date.now();
  console.log(describeMachine());
  console.log(quick ? 'quick run (shorter loads, smaller stores)' : 'full run');
  if (args.includes('--profile')) console.log(`service CPU profiles (node --cpu-prof) go to ${profiles}`);

  const figures: Figures[] = [];
  const goals: GoalFigure[] = [];
  if (!only || only === 'domain') figures.push(...(await benchDomainLifecycle(quick ? 1_000 : 5_000)));
  if (!only || only === 'store') {
    const store = await benchEmbeddedStore(quick ? 6_000 : 20_000);
    figures.push(...store.figures);
    goals.push(...store.goals);
  }
  if (!only || only === 'service') goals.push(...(await benchService(serviceSize)));
  console.log('');
  printFigures(figures);
  printGoals(goals);
  console.log(`\nbench took ${((Date.now() - started) / 1000).toFixed(0)} s; load average at the end ${loadAverage()} (${os.cpus().length} cores)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
