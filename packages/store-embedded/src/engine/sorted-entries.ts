import BTree from 'sorted-btree';
import { compare as mingoCompare } from 'mingo/util';
import type { PackedBlock } from './document-packing';

/** mingo's order (MongoDB's BSON order), with the common same-type cases answered directly. */
export function compareValues(a: unknown, b: unknown): number {
  const type = typeof a;
  if (type === typeof b && (type === 'string' || type === 'number')) return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  return mingoCompare(a, b);
}

/**
 * Where a stored document lives: packed (its block and its place there), or (recently written) as a
 * private object no caller holds; and its insertion rank. Index entries point here.
 */
export interface DocumentSlot {
  packed: PackedBlock | undefined;
  at: number;
  hot: Readonly<Record<string, unknown>> | undefined;
  /** Ties on a whole index key keep insertion order, as mingo's stable sort does. */
  readonly seq: number;
}

/**
 * One entry of an index: the key's values (in index field order) in fields `a` to `d` (beyond four,
 * `more`), and the slot of the document holding it. A small object of its own shape per key length,
 * not an array of values beside a record: an index holds tens of thousands of them.
 */
export type SortedEntry =
  | { readonly a: unknown; readonly s: DocumentSlot }
  | { readonly a: unknown; readonly b: unknown; readonly s: DocumentSlot }
  | { readonly a: unknown; readonly b: unknown; readonly c: unknown; readonly s: DocumentSlot }
  | { readonly a: unknown; readonly b: unknown; readonly c: unknown; readonly d: unknown; readonly s: DocumentSlot }
  | { readonly a: unknown; readonly b: unknown; readonly c: unknown; readonly d: unknown; readonly more: readonly unknown[]; readonly s: DocumentSlot };

type AnyEntry = { readonly a: unknown; readonly b?: unknown; readonly c?: unknown; readonly d?: unknown; readonly more?: readonly unknown[]; readonly s: DocumentSlot };

export function makeEntry(values: readonly unknown[], s: DocumentSlot): SortedEntry {
  const [a, b, c, d] = values;
  switch (values.length) {
    case 1:
      return { a, s };
    case 2:
      return { a, b, s };
    case 3:
      return { a, b, c, s };
    case 4:
      return { a, b, c, d, s };
    default:
      return { a, b, c, d, more: values.slice(4), s };
  }
}

/** Value `i` of an entry's key. */
export function entryValue(entry: SortedEntry, i: number): unknown {
  const e = entry as AnyEntry;
  switch (i) {
    case 0:
      return e.a;
    case 1:
      return e.b;
    case 2:
      return e.c;
    case 3:
      return e.d;
    default:
      return e.more?.[i - 4];
  }
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
 *
 * A unique index of one field whose keys are all strings (`hashed`: a token digest) is kept in a
 * hash map instead, while it is only ever written and read by equality: a tree of random keys costs a
 * few cache misses per level on every insert, a large part of a session's creation. The first key of
 * another type, the first read of a range or in order, or its owner's call to keepInTree (the index
 * became multikey) moves its entries into the tree for good.
 */
export class SortedEntries {
  /** Keys are stored entries; probes only search. Empty while `byString` holds the entries. */
  private readonly tree: BTree<SortedEntry | Probe, undefined>;
  /** The order of two entries, or of an entry and a probe (orderFor). */
  private readonly order: (a: SortedEntry | Probe, b: SortedEntry | Probe) => number;
  /** A unique one-field index's entries by their string key, until the tree is needed. */
  private byString: Map<string, SortedEntry> | undefined;

  /**
   * `unique`: no two entries ever share a whole key (a unique index refuses the second), so entries
   * are ordered by key alone and one descent both finds a holder and adds (addUnlessHeld).
   * `hashed` (a unique index of one field only): string keys are held in a map until the tree is needed.
   */
  constructor(
    private readonly directions: readonly (1 | -1)[],
    { unique = false, hashed = false }: { readonly unique?: boolean; readonly hashed?: boolean } = {},
  ) {
    this.order = orderFor(directions, unique);
    this.tree = new BTree<SortedEntry | Probe, undefined>(undefined, this.order);
    if (hashed && unique && directions.length === 1) this.byString = new Map();
  }

  /** Holds every entry in the tree from now on (the map, when there was one, costs more heap per entry). */
  keepInTree(): void {
    this.sorted();
  }

  get size(): number {
    return this.byString ? this.byString.size : this.tree.size;
  }

  /** An empty span (nothing to read). */
  static get empty(): Span {
    return EMPTY_SPAN;
  }

  add(entry: SortedEntry): void {
    if (this.byString && typeof entry.a === 'string') this.byString.set(entry.a, entry);
    else this.sorted().set(entry, undefined);
  }

  /**
   * Adds `entry` (of a unique index's SortedEntries) unless its whole key is held already; answers the
   * slot holding it then (which may be the entry's own: a multikey document repeating a value).
   */
  addUnlessHeld(entry: SortedEntry): DocumentSlot | undefined {
    if (this.byString && typeof entry.a === 'string') {
      const holder = this.byString.get(entry.a);
      if (holder) return holder.s;
      this.byString.set(entry.a, entry);
      return undefined;
    }
    const tree = this.sorted();
    if (tree.set(entry, undefined, false)) return undefined;
    return (tree.getPairOrNextHigher(entry)?.[0] as SortedEntry).s;
  }

  remove(entry: SortedEntry): void {
    // While the map holds every entry, a key of another type was never added.
    if (this.byString) {
      if (typeof entry.a === 'string') this.byString.delete(entry.a);
    } else this.tree.delete(entry);
  }

  /** The tree, with the map's entries moved into it first if they were still there. */
  private sorted(): BTree<SortedEntry | Probe, undefined> {
    if (this.byString) {
      for (const entry of this.byString.values()) this.tree.set(entry, undefined);
      this.byString = undefined;
    }
    return this.tree;
  }

  /**
   * The entries of `span` without the tree, when the map can tell: none for the empty span, at most
   * one for an equality on one string. Undefined when the tree must answer.
   */
  private fromMap(span: Span): SortedEntry[] | undefined {
    if (!this.byString) return undefined;
    if (span === EMPTY_SPAN) return [];
    const { low, high } = span;
    const key = low.values[0];
    if (low.values.length !== 1 || high.values.length !== 1 || high.values[0] !== key || low.bias !== -1 || high.bias !== 1 || typeof key !== 'string') return undefined;
    const entry = this.byString.get(key);
    return entry ? [entry] : [];
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

  /** Whether two entries hold the same whole key. */
  sameKey(a: SortedEntry, b: SortedEntry): boolean {
    for (let i = 0; i < this.directions.length; i++) if (compareValues(entryValue(a, i), entryValue(b, i)) !== 0) return false;
    return true;
  }

  /** The span's entries in index order. */
  *inOrder(span: Span): Generator<SortedEntry> {
    const direct = this.fromMap(span);
    if (direct) {
      yield* direct;
      return;
    }
    for (const [key] of this.sorted().entries(span.low)) {
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
    const direct = this.fromMap(span);
    if (direct) {
      yield* direct;
      return;
    }
    let group: SortedEntry[] = [];
    for (const [key] of this.sorted().entriesReversed(span.high)) {
      const entry = key as SortedEntry;
      if (this.order(entry, span.high) >= 0) continue;
      if (this.order(entry, span.low) <= 0) break;
      if (group.length > 0 && this.sameKey(entry, group[0] as SortedEntry) === false) {
        for (let i = group.length - 1; i >= 0; i--) yield group[i] as SortedEntry;
        group = [];
      }
      group.push(entry);
    }
    for (let i = group.length - 1; i >= 0; i--) yield group[i] as SortedEntry;
  }
}

const FIELDS = ['a', 'b', 'c', 'd'];

/**
 * The order of an index's keys: field by field in the index's directions (compareValues), then by
 * insertion rank (not in a unique index: its keys are never shared); against a probe, its fields,
 * then its bias. Written as code made for the index's own key length and directions (once, when the
 * index is declared): each index's comparison then sees only its own two shapes (its entries and the
 * probes), where one function shared by every index would meet all their shapes and look each field
 * up the slow way (a quarter of an insert's index work).
 */
function orderFor(directions: readonly (1 | -1)[], unique: boolean): (x: SortedEntry | Probe, y: SortedEntry | Probe) => number {
  const field = (v: string, i: number) => (i < 4 ? `${v}.${FIELDS[i]}` : `${v}.more[${i - 4}]`);
  const lines: string[] = [];
  // y a probe: its values are a prefix of the key.
  lines.push('if (y.bias !== undefined) {', 'const v = y.values, n = v.length; let o;');
  directions.forEach((d, i) => lines.push(`if (n > ${i}) { o = cmp(${field('x', i)}, v[${i}]); if (o !== 0) return ${d === 1 ? 'o' : '-o'}; }`));
  lines.push('return -y.bias;', '}');
  lines.push('if (x.bias !== undefined) {', 'const v = x.values, n = v.length; let o;');
  directions.forEach((d, i) => lines.push(`if (n > ${i}) { o = cmp(v[${i}], ${field('y', i)}); if (o !== 0) return ${d === 1 ? 'o' : '-o'}; }`));
  lines.push('return x.bias;', '}');
  lines.push('let p, q, o;');
  directions.forEach((d, i) => lines.push(`p = ${field('x', i)}; q = ${field('y', i)}; if (p !== q) { o = cmp(p, q); if (o !== 0) return ${d === 1 ? 'o' : '-o'}; }`));
  lines.push(unique ? 'return 0;' : 'return x.s.seq - y.s.seq;');
  return new Function('cmp', `return function order(x, y) {\n${lines.join('\n')}\n};`)(compareValues) as (x: SortedEntry | Probe, y: SortedEntry | Probe) => number;
}
