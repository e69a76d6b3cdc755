/** A string or number that the type system keeps apart from others of the same base type. */
export type Brand<T, Name extends string> = T & { readonly __brand: Name };

/** Ends an exhaustive switch: reaching it at run time is a bug. */
export function assertUnreachable(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
