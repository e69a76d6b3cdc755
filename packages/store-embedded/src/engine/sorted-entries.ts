import BTree from 'sorted-btree';
import { compare as mingoCompare } from 'mingo/util';

/** mingo's order (MongoDB's BSON order), with the common same-type cases answered directly. */
export function compareValues(a: unknown, b: unknown): number {
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

/**
 * A search key between entries: the first `values.length` fields, then `bias` -1 (before every entry
 * sharing them) or 1 (after every one). It never equals a stored entry.
 */
interface Probe {
  readonly values: readonly unknown[];
  readonly bias: -1 | 1;
}

/** The entries strictly between two probes. */
export interface Span {
  readonly low: Probe;
  readonly high: Probe;
}

const EMPTY_SPAN: Span = { low: { values: [], bias: 1 }, high: { values: [], bias: -1 } };

/**
 * The entries of one index in a B+ tree (sorted-btree), ordered by key (each field in its index
 * direction, values ordered by mingo's `compare`, MongoDB's BSON order), then by insertion rank: an
 * equality prefix is one contiguous span between two probes, and a walk along it yields documents in
 * index order. Adding and removing an entry costs a logarithm of the index's size, not a shift of it.
 */
export class SortedEntries {
  /** Keys are stored entries; probes only search. */
  private readonly tree: BTree<SortedEntry | Probe, undefined>;

  constructor(private readonly directions: readonly (1 | -1)[]) {
    this.tree = new BTree<SortedEntry | Probe, undefined>(undefined, (a, b) => this.order(a, b));
  }

  get size(): number {
    return this.tree.size;
  }

  /** An empty span (nothing to read). */
  static get empty(): Span {
    return EMPTY_SPAN;
  }

  private fieldOrder(a: readonly unknown[], b: readonly unknown[], fields: number): number {
    for (let i = 0; i < fields; i++) {
      const order = compareValues(a[i], b[i]) * (this.directions[i] ?? 1);
      if (order !== 0) return order;
    }
    return 0;
  }

  /** The order of two entries, or of an entry and a probe (`seq` absent: a probe). */
  private order(a: SortedEntry | Probe, b: SortedEntry | Probe): number {
    if ('bias' in b) return this.fieldOrder(a.values, b.values, b.values.length) || -b.bias;
    if ('bias' in a) return this.fieldOrder(a.values, b.values, a.values.length) || a.bias;
    return this.fieldOrder(a.values, b.values, this.directions.length) || a.seq - b.seq || (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0);
  }

  add(entry: SortedEntry): void {
    this.tree.set(entry, undefined);
  }

  remove(entry: SortedEntry): void {
    this.tree.delete(entry);
  }

  /** The span of entries whose first `prefix.length` fields equal `prefix`. */
  prefixSpan(prefix: readonly unknown[]): Span {
    return { low: { values: prefix, bias: -1 }, high: { values: prefix, bias: 1 } };
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
    const prefix = span.low.values.slice(0, field);
    return {
      low: first ? { values: [...prefix, first.value], bias: first.inclusive ? -1 : 1 } : span.low,
      high: last ? { values: [...prefix, last.value], bias: last.inclusive ? 1 : -1 } : span.high,
    };
  }

  /** The span's entries in index order. */
  *inOrder(span: Span): Generator<SortedEntry> {
    for (const [key] of this.tree.entries(span.low)) {
      if (this.order(key, span.high) >= 0) return;
      yield key as SortedEntry;
    }
  }

  /**
   * The span's entries in index order (1) or reversed (-1). Entries with the same whole key come in
   * insertion order either way, as mingo's stable sort leaves ties.
   */
  *walk(span: Span, direction: 1 | -1): Generator<SortedEntry> {
    if (direction === 1) {
      yield* this.inOrder(span);
      return;
    }
    const fields = this.directions.length;
    let group: SortedEntry[] = [];
    for (const [key] of this.tree.entriesReversed(span.high)) {
      const entry = key as SortedEntry;
      if (this.order(entry, span.high) >= 0) continue;
      if (this.order(entry, span.low) <= 0) break;
      if (group.length > 0 && this.fieldOrder(entry.values, (group[0] as SortedEntry).values, fields) !== 0) {
        for (let i = group.length - 1; i >= 0; i--) yield group[i] as SortedEntry;
        group = [];
      }
      group.push(entry);
    }
    for (let i = group.length - 1; i >= 0; i--) yield group[i] as SortedEntry;
  }
}
