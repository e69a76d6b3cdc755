import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics } from '@splitpay/domain';

/** A counter of the service: its name, what it counts, and the label sets that exist at zero from the start. */
export interface CounterSpec {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  /** Series present at 0 before the first event, so that an alert rule can be written on day one. */
  readonly initial?: readonly Readonly<Record<string, string>>[];
}

export interface PromMetricsOptions {
  readonly counters?: readonly CounterSpec[];
  /** Node's process metrics (CPU, memory, event loop lag, handles); one real process turns them on. */
  readonly processMetrics?: boolean;
}

/** One HTTP answer, for the request duration histogram. */
export interface HttpObservation {
  readonly method: string;
  /** The route template (`/api/sessions/:sessionId`), never the raw path: ids would explode the series. */
  readonly route: string;
  readonly status: number;
  readonly seconds: number;
}

/** Seconds: from a fast read to a slow PSP call or a full scrypt. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const TURN_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30];

/**
 * The service's metrics in a prom-client registry of their own (several instances in one test process
 * never share series), rendered in the Prometheus text format with HELP and TYPE lines.
 */
export class PromMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly counters = new Map<string, Counter>();
  private readonly httpDuration: Histogram;
  private readonly workerTurn: Histogram;
  /** How each watched worker reads its slots in use, read at each scrape. */
  private readonly slotReaders = new Map<string, () => number>();

  constructor(options: PromMetricsOptions = {}) {
    for (const spec of options.counters ?? []) this.declare(spec);
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Duration of HTTP requests, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [this.registry],
    });
    this.workerTurn = new Histogram({
      name: 'worker_turn_duration_seconds',
      help: 'Duration of one turn of a background worker',
      labelNames: ['worker'],
      buckets: TURN_BUCKETS,
      registers: [this.registry],
    });
    const readers = this.slotReaders;
    const slots: Gauge = new Gauge({
      name: 'worker_slots_in_use',
      help: 'Turns (or webhook tries) of a background worker running now in this instance',
      labelNames: ['worker'],
      registers: [this.registry],
      collect() {
        for (const [worker, read] of readers) slots.set({ worker }, read());
      },
    });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** Declares a counter (idempotent) and creates its initial series at zero. */
  declare(spec: CounterSpec): void {
    let counter = this.counters.get(spec.name);
    if (!counter) {
      counter = new Counter({ name: spec.name, help: spec.help, labelNames: [...spec.labelNames], registers: [this.registry] });
      this.counters.set(spec.name, counter);
    }
    // Keys sorted, so that a series reads the same whatever order a caller gives its labels in.
    for (const labels of spec.initial ?? []) counter.inc(Object.fromEntries(Object.keys(labels).sort().map((key) => [key, labels[key] as string])), 0);
  }

  increment(name: string, labels: Readonly<Record<string, string>> = {}): void {
    // A counter nobody declared still counts (a missing HELP line is better than a lost event).
    const sorted = Object.fromEntries(Object.keys(labels).sort().map((key) => [key, labels[key] as string]));
    if (!this.counters.has(name)) this.declare({ name, help: name, labelNames: Object.keys(sorted) });
    this.counters.get(name)?.inc(sorted);
  }

  observeHttpRequest(observation: HttpObservation): void {
    this.httpDuration.observe({ method: observation.method, route: observation.route, status: String(observation.status) }, observation.seconds);
  }

  observeWorkerTurn(worker: string, seconds: number): void {
    this.workerTurn.observe({ worker }, seconds);
  }

  /** Shows `read()` as `worker_slots_in_use{worker}` at each scrape. */
  watchSlots(worker: string, read: () => number): void {
    this.slotReaders.set(worker, read);
  }

  /** The current value of one series (0 when absent). */
  async value(name: string, labels: Readonly<Record<string, string>> = {}): Promise<number> {
    const metric = await this.counters.get(name)?.get();
    const wanted = Object.entries(labels);
    const series = metric?.values.find((v) => wanted.every(([k, want]) => String(v.labels[k]) === want) && Object.keys(v.labels).length === wanted.length);
    return series?.value ?? 0;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
