import { compare as mingoCompare } from 'mingo/util';

/** mingo's order (MongoDB's BSON order), with the common same-type cases answered directly. */
function compare(a: unknown, b: unknown): number {
  const type = typeof a;
  if (type === typeof b && (type === 'string' || type === 'number')) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  return mingoCompare(a, b);
}

/** One entry of an index: the key's values (in index field order) and the document holding it. */
export interface SortedEntry {
  readonly values: readonly unknown[];
  /** The document's insertion rank: ties on the whole key keep insertion order, as mingo's stable sort does. */
  readonly seq: number;
  readonly owner: string;
}

/** The bounds of a range condition on one field (`$gt`, `$gte`, `$lt`, `$lte`), each side optional. */
export interface FieldRange {
  readonly lower?: { readonly value: unknown; readonly inclusive: boolean };
  readonly upper?: { readonly value: unknown; readonly inclusive: boolean };
}

/**
 * The smallest and largest value of a bound's type, so that a one-sided range stays within its type
 * (MongoDB's and mingo's type bracketing: `$lte: 5` never matches null or a string). Undefined when
 * the type has no such value at hand: that side is then not narrowed.
 */
function typeLimits(value: unknown): { readonly min?: unknown; readonly max?: unknown } {
  if (typeof value === 'number') return { min: -Infinity, max: Infinity };
  if (typeof value === 'string') return { min: '' };
  if (typeof value === 'boolean') return { min: false, max: true };
  if (value instanceof Date) return { min: new Date(-8.64e15), max: new Date(8.64e15) };
  return {};
}

/** A range with both sides bounded where its type allows it. */
function bracketed(range: FieldRange): FieldRange {
  const lowerLimit = range.upper && !range.lower ? typeLimits(range.upper.value).min : undefined;
  const upperLimit = range.lower && !range.upper ? typeLimits(range.lower.value).max : undefined;
  return {
    ...(range.lower ? { lower: range.lower } : lowerLimit !== undefined ? { lower: { value: lowerLimit, inclusive: true } } : {}),
    ...(range.upper ? { upper: range.upper } : upperLimit !== undefined ? { upper: { value: upperLimit, inclusive: true } } : {}),
  };
}

/** [start, end) positions in the entry array. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The entries of one index, kept sorted by key (each field in its index direction, values ordered by
 * mingo's `compare`, MongoDB's BSON order), then by insertion rank: an equality prefix is one
 * contiguous span found by binary search, and a walk along it yields documents in index order.
 */
export class SortedEntries {
  private readonly entries: SortedEntry[] = [];

  constructor(private readonly directions: readonly (1 | -1)[]) {}

  get size(): number {
    return this.entries.length;
  }

  at(position: number): SortedEntry {
    return this.entries[position] as SortedEntry;
  }

  private fieldOrder(a: readonly unknown[], b: readonly unknown[], fields: number): number {
    for (let i = 0; i < fields; i++) {
      const order = compare(a[i], b[i]) * (this.directions[i] ?? 1);
      if (order !== 0) return order;
    }
    return 0;
  }

  private order(a: SortedEntry, b: SortedEntry): number {
    return this.fieldOrder(a.values, b.values, this.directions.length) || a.seq - b.seq || (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0);
  }

  /** First position in [start, end) where `before` turns false (`before` must be true then false along the array). */
  private search(start: number, end: number, before: (entry: SortedEntry) => boolean): number {
    let lo = start;
    let hi = end;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.entries[mid] as SortedEntry)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  add(entry: SortedEntry): void {
    this.entries.splice(this.search(0, this.entries.length, (e) => this.order(e, entry) < 0), 0, entry);
  }

  remove(entry: SortedEntry): void {
    const at = this.search(0, this.entries.length, (e) => this.order(e, entry) < 0);
    const found = this.entries[at];
    if (found && found.owner === entry.owner && this.order(found, entry) === 0) this.entries.splice(at, 1);
  }

  /** The span of entries whose first `prefix.length` fields equal `prefix`. */
  prefixSpan(prefix: readonly unknown[]): Span {
    const n = prefix.length;
    const start = this.search(0, this.entries.length, (e) => this.fieldOrder(e.values, prefix, n) < 0);
    const end = this.search(start, this.entries.length, (e) => this.fieldOrder(e.values, prefix, n) <= 0);
    return { start, end };
  }

  /**
   * Narrows a prefix span to the entries whose field `field` (the one right after the prefix) lies in
   * `range` (a one-sided range within its value's type). Whatever is not narrowed stays in the span, a
   * superset that the query's own filter then tests.
   */
  narrow(span: Span, field: number, range: FieldRange): Span {
    const direction = this.directions[field] ?? 1;
    const { lower, upper } = bracketed(range);
    // Along the span, the field's values run in the index's direction: low to high when ascending.
    const first = direction === 1 ? lower : upper;
    const last = direction === 1 ? upper : lower;
    const beforeFirst = (v: unknown): boolean => {
      if (!first) return false;
      const order = compare(v, first.value) * direction;
      return first.inclusive ? order < 0 : order <= 0;
    };
    const throughLast = (v: unknown): boolean => {
      if (!last) return true;
      const order = compare(v, last.value) * direction;
      return last.inclusive ? order <= 0 : order < 0;
    };
    const start = this.search(span.start, span.end, (e) => beforeFirst(e.values[field]));
    const end = this.search(start, span.end, (e) => throughLast(e.values[field]));
    return { start, end };
  }

  /**
   * The span's entries in index order (1) or reversed (-1). Entries with the same whole key come in
   * insertion order either way, as mingo's stable sort leaves ties.
   */
  *walk(span: Span, direction: 1 | -1): Generator<SortedEntry> {
    if (direction === 1) {
      for (let i = span.start; i < span.end; i++) yield this.entries[i] as SortedEntry;
      return;
    }
    const fields = this.directions.length;
    let end = span.end;
    while (end > span.start) {
      let start = end - 1;
      const last = this.entries[start] as SortedEntry;
      while (start > span.start && this.fieldOrder((this.entries[start - 1] as SortedEntry).values, last.values, fields) === 0) start--;
      for (let i = start; i < end; i++) yield this.entries[i] as SortedEntry;
      end = start;
    }
  }
}
