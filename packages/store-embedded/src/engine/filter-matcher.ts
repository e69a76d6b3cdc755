import { Query } from 'mingo';
import type { StoredDocument } from './apply-update';
import { quickTestOf, type QuickTest } from './simple-filter';

/**
 * Tests documents against a filter: the quick test where it answers (simple-filter.ts), else mingo's
 * query. Each is made when a first document needs it: most reads by id test none, and compiling a
 * mingo query costs more than testing a few documents.
 */
export class FilterMatcher {
  /** null: not made yet; undefined: the filter has none. */
  private quick: QuickTest | undefined | null = null;
  private query: Query | undefined;

  constructor(private readonly filter: Readonly<Record<string, unknown>>) {}

  /** A matcher whose mingo query is compiled at once, so that a filter mingo refuses throws now (an index's partial filter, when declared). */
  static compiled(filter: Readonly<Record<string, unknown>>): FilterMatcher {
    const matcher = new FilterMatcher(filter);
    matcher.query = new Query(filter);
    return matcher;
  }

  matches(doc: StoredDocument): boolean {
    if (this.quick === null) this.quick = quickTestOf(this.filter);
    return this.quick?.(doc) ?? (this.query ??= new Query(this.filter)).test(doc);
  }
}
