/** Timing and memory figures printed by the benchmarks; never asserted anywhere. */
export interface Figures {
  readonly name: string;
  readonly count: number;
  readonly totalMs: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Summarizes per-operation durations (ms) measured over a wall-clock total. */
export function summarize(name: string, durationsMs: readonly number[], totalMs: number): Figures {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return {
    name,
    count: durationsMs.length,
    totalMs,
    perSecond: durationsMs.length / (totalMs / 1000),
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
  };
}

/** Runs `operation` `count` times, `concurrency` at a time, timing each. */
export async function measure(name: string, count: number, concurrency: number, operation: (index: number) => Promise<void> | void): Promise<Figures> {
  const durations: number[] = [];
  let next = 0;
  const started = performance.now();
  const lane = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      const t0 = performance.now();
      await operation(index);
      durations.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return summarize(name, durations, performance.now() - started);
}

const fmt = (n: number, digits = 2): string => n.toFixed(digits).padStart(10);

export function printFigures(all: readonly Figures[]): void {
  console.log(`${'benchmark'.padEnd(48)}${'count'.padStart(8)}${'ops/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'p99 ms'.padStart(10)}`);
  for (const f of all) {
    console.log(`${f.name.padEnd(48)}${String(f.count).padStart(8)}${fmt(f.perSecond, 0)}${fmt(f.p50Ms, 3)}${fmt(f.p95Ms, 3)}${fmt(f.p99Ms, 3)}`);
  }
}

export function printMemory(label: string): void {
  const m = process.memoryUsage();
  const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  console.log(`memory after ${label}: rss ${mb(m.rss)}, heap used ${mb(m.heapUsed)}, external ${mb(m.external)}`);
}
