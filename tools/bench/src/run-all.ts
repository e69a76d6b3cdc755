import { benchDomainLifecycle } from './domain-lifecycle.bench';
import { benchEmbeddedStore } from './embedded-store.bench';
import { printFigures, printMemory, type Figures } from './figures';
import { benchHttpPayment } from './http-payment.bench';

/** `npm run bench`: every benchmark once, printed as figures (never asserted). */
async function main(): Promise<void> {
  const only = process.argv[2];
  const all: Figures[] = [];
  if (!only || only === 'domain') all.push(...(await benchDomainLifecycle()));
  if (!only || only === 'store') all.push(...(await benchEmbeddedStore()));
  if (!only || only === 'http') all.push(...(await benchHttpPayment()));
  console.log(`\nnode ${process.version}, ${new Date().toISOString()}`);
  printFigures(all);
  printMemory('all benchmarks');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
