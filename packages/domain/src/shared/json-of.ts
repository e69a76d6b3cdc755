/**
 * A type as JSON carries it to a client (the browser components, the dashboard): branded strings and
 * numbers become plain ones; literal unions, optional fields and arrays are kept.
 */
export type JsonOf<T> = T extends { readonly __brand: unknown }
  ? T extends string
    ? string
    : T extends number
      ? number
      : T
  : T extends readonly (infer E)[]
    ? readonly JsonOf<E>[]
    : T extends object
      ? { readonly [K in keyof T]: JsonOf<T[K]> }
      : T;
