/** One filter of a list as its address writes it (`#/<view>?<param>=...`). */
export interface AddressParam<F> {
  /** The parameter's name in the address, also the name of its control in the filter form. */
  readonly param: string;
  readonly key: keyof F & string;
  /** Whether a value read from an address is kept; an unknown or malformed value is dropped. */
  readonly accepts?: (value: string) => boolean;
  /** Written without its surrounding spaces, left out when nothing else is left (free text). */
  readonly trimmed?: boolean;
}

/**
 * A list's address: its view's name, its filters, then the keyset cursors followed from the first page
 * to the page shown (`cursor`, repeated, oldest first; none on the first page), written and read by one
 * codec (D70).
 */
export interface ListAddress<F> {
  readonly view: string;
  /** The address of the list filtered so, at the page the cursors lead to (`#/<view>` when nothing is set). */
  hash(filters: F, cursors?: readonly string[]): string;
  filters(query: URLSearchParams): F;
  cursors(query: URLSearchParams): string[];
}

const CURSOR = 'cursor';

/** Filters whose every value is text, as an address carries them. */
type TextFilters<F> = { readonly [K in keyof F]?: string };

/** The codec of a list's address from its parameters, in the order the address writes them. */
export function listAddress<F extends TextFilters<F>>(view: string, params: readonly AddressParam<F>[]): ListAddress<F> {
  return {
    view,
    hash(filters, cursors = []) {
      const query = new URLSearchParams();
      for (const { param, key, trimmed } of params) {
        const value = trimmed ? filters[key]?.trim() : filters[key];
        if (value) query.set(param, value);
      }
      for (const cursor of cursors) query.append(CURSOR, cursor);
      const text = query.toString();
      return text ? `#/${view}?${text}` : `#/${view}`;
    },
    filters(query) {
      const filters: Partial<Record<keyof F, string>> = {};
      for (const { param, key, accepts } of params) {
        const value = query.get(param);
        if (value && (accepts?.(value) ?? true)) filters[key] = value;
      }
      return filters as F;
    },
    cursors: (query) => query.getAll(CURSOR).filter((cursor) => cursor !== ''),
  };
}

/** Accepts exactly the values listed (a select's options). */
export const oneOf = (values: readonly string[]) => (value: string): boolean => values.includes(value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Accepts a calendar day written YYYY-MM-DD. */
export const isDay = (value: string): boolean => DAY.test(value);
