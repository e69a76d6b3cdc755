import type { Metrics } from '@splitpay/domain';

/** In-process counters, rendered in the Prometheus text format at /metrics. */
export class CounterMetrics implements Metrics {
  private readonly counters = new Map<string, number>();

  increment(name: string, labels: Readonly<Record<string, string>> = {}): void {
    const key = seriesKey(name, labels);
    this.counters.set(key, (this.counters.get(key) ?? 0) + 1);
  }

  value(name: string, labels: Readonly<Record<string, string>> = {}): number {
    return this.counters.get(seriesKey(name, labels)) ?? 0;
  }

  render(): string {
    return [...this.counters.entries()].map(([key, value]) => `${key} ${value}`).join('\n') + '\n';
  }
}

function seriesKey(name: string, labels: Readonly<Record<string, string>>): string {
  const parts = Object.keys(labels)
    .sort()
    .map((k) => `${k}="${String(labels[k]).replace(/["\\\n]/g, '_')}"`);
  return parts.length ? `${name}{${parts.join(',')}}` : name;
}
