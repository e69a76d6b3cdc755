/** Parameters of a request, each present once with a non-empty value, or absent. */
export type SingleParams<K extends string> = { readonly [P in K]?: string };

export type ParamsResult<K extends string> =
  | { readonly kind: 'ok'; readonly params: SingleParams<K> }
  /** RFC 6749 section 3.1: a parameter must not be included more than once. */
  | { readonly kind: 'repeated'; readonly name: K };

/**
 * Reads the named parameters from a parsed form or query string. An empty value counts as omitted
 * (RFC 6749 section 3.1); a repeated one is refused.
 */
export function singleParams<K extends string>(source: unknown, names: readonly K[]): ParamsResult<K> {
  const record = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  const params: { [P in K]?: string } = {};
  for (const name of names) {
    const value = Object.prototype.hasOwnProperty.call(record, name) ? record[name] : undefined;
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') return { kind: 'repeated', name };
    params[name] = value;
  }
  return { kind: 'ok', params };
}
