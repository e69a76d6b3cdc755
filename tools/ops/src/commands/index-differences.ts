import type { IndexSpec } from '@splitpay/store-mongo';

/** An index as `listIndexes` answers it (the fields `check` compares). */
export interface FoundIndex {
  readonly key: Readonly<Record<string, unknown>>;
  readonly unique?: unknown;
  readonly partialFilterExpression?: unknown;
  readonly expireAfterSeconds?: unknown;
}

/** One way a found index is not the planned one. */
export interface IndexDifference {
  readonly what: 'key' | 'unique' | 'partialFilterExpression' | 'expireAfterSeconds';
  readonly planned: string;
  readonly found: string;
  /**
   * An option the plan has and the index lacks, of those a test server may not implement (partial
   * filter, TTL): what `ensureIndexes` does there with MONGODB_ALLOW_STANDALONE.
   */
  readonly optionDropped: boolean;
}

const shown = (value: unknown): string => (value === undefined ? 'none' : JSON.stringify(value));

/** How `found` differs from `spec` in its key, uniqueness, partial filter and TTL; empty when it does not. */
export function indexDifferences(spec: IndexSpec, found: FoundIndex): IndexDifference[] {
  const differences: IndexDifference[] = [];
  const compare = (what: IndexDifference['what'], planned: unknown, actual: unknown, droppable: boolean): void => {
    if (JSON.stringify(planned) === JSON.stringify(actual)) return;
    differences.push({ what, planned: shown(planned), found: shown(actual), optionDropped: droppable && planned !== undefined && actual === undefined });
  };
  compare('key', spec.key, found.key, false);
  compare('unique', spec.options.unique === true, found.unique === true, false);
  compare('partialFilterExpression', spec.options.partialFilterExpression, found.partialFilterExpression, true);
  compare('expireAfterSeconds', spec.options.expireAfterSeconds, found.expireAfterSeconds === undefined ? undefined : Number(found.expireAfterSeconds), true);
  return differences;
}
