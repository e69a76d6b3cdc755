/**
 * Type-level checks of our payloads against a PSP's official SDK types. Plain assignability lets an
 * object carry fields the target type does not know (TypeScript checks excess fields of literals
 * only); `OnlyKnown` also refuses those, at every depth, so a misspelt or invented field fails.
 */
type Defined<T> = Exclude<T, null | undefined>;
/** Primitives, branded ones (`string & { __brand }`) included, are leaves. */
type Leaf = string | number | boolean | bigint;

/** `U` where every field, at every depth, is one `T` declares; a field `T` does not know becomes `never`. */
export type OnlyKnown<T, U> = U extends Leaf
  ? U
  : U extends readonly (infer E)[]
  ? Defined<T> extends readonly (infer F)[]
    ? readonly OnlyKnown<F, E>[]
    : never
  : U extends object
    ? { [K in keyof U]: K extends keyof Defined<T> ? OnlyKnown<Defined<T>[K], U[K]> : never }
    : U;

/** True when `U` is assignable to `T` and names no field `T` lacks. */
export type FitsSdk<T, U> = [U] extends [T] ? ([U] extends [OnlyKnown<T, U>] ? true : false) : false;

/**
 * What we read (`U`, our reader's type), checked against what the SDK says the PSP sends (`T`): every
 * field we read exists there, and its value as the SDK types it (null aside) is one our reader accepts.
 */
type Reads<T, U> = [U] extends [Leaf | undefined]
  ? [Defined<T>] extends [Exclude<U, undefined>]
    ? U
    : never
  : U extends undefined
    ? U
    : U extends readonly (infer E)[]
      ? Defined<T> extends readonly (infer F)[]
        ? readonly Reads<F, E>[]
        : never
      : U extends object
        ? { [K in keyof U]: K extends keyof Defined<T> ? Reads<Defined<T>[K], U[K]> : never }
        : never;

export type ReadsFromSdk<T, U> = [U] extends [Reads<T, U>] ? true : false;

/** `soft_descriptor` as an SDK that models the wire in camelCase names it: `softDescriptor`. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** A snake_case wire payload with the names of a camelCase SDK model (PayPal's server SDK maps them so). */
export type CamelWire<U> = U extends Leaf
  ? U
  : U extends readonly (infer E)[]
    ? CamelWire<E>[]
    : U extends object
      ? { [K in keyof U as K extends string ? Camel<K> : K]: CamelWire<U[K]> }
      : U;

/** An SDK model whose enums (TypeScript `enum`s of strings) are read as the strings they stand for, as on the wire. */
export type EnumsAsValues<T> = T extends string
  ? `${T}`
  : T extends Leaf | null | undefined
    ? T
    : T extends readonly (infer E)[]
      ? EnumsAsValues<E>[]
      : { [K in keyof T]: EnumsAsValues<T[K]> };
