/** Counters exposed at /metrics (operator alerts: abandoned notifications, spent capture retries...). */
export interface Metrics {
  increment(name: string, labels?: Readonly<Record<string, string>>): void;
}
