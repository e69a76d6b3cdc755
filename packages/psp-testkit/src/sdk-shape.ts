/**
 * Type-level checks of our payloads against a PSP's official SDK types. Plain assignability lets an
 * object carry fields the target type does not know (TypeScript checks excess fields of literals
 * only); `OnlyKnown` also refuses those, at every depth, so a misspelt or invented field fails.
 */
type Defined<T> = Exclude<T, null | undefined>;
/** Primitives, branded ones (`string & { __brand }`) included, are leaves. */
type Leaf = string | number | boolean | bigint;

/**
 * The one walk of both checks: `U` where every field, at every depth, is one `T` declares (a field `T`
 * does not know becomes `never`). At the leaves, `fits` keeps ours (assignability checks them) and
 * `reads` keeps ours only when every value the SDK types there (null aside) is one ours accepts.
 */
type Walk<T, U, Check extends 'fits' | 'reads'> = [U] extends [Leaf | undefined]
  ? Check extends 'fits'
    ? U
    : [Defined<T>] extends [Exclude<U, undefined>]
      ? U
      : never
  : U extends undefined
    ? U
    : U extends readonly (infer E)[]
      ? Defined<T> extends readonly (infer F)[]
        ? readonly Walk<F, E, Check>[]
        : never
      : U extends object
        ? { [K in keyof U]: K extends keyof Defined<T> ? Walk<Defined<T>[K], U[K], Check> : never }
        : Check extends 'fits'
          ? U
          : never;

/** `U` where every field, at every depth, is one `T` declares; a field `T` does not know becomes `never`. */
export type OnlyKnown<T, U> = Walk<T, U, 'fits'>;

/** True when `U` is assignable to `T` and names no field `T` lacks. */
export type FitsSdk<T, U> = [U] extends [T] ? ([U] extends [OnlyKnown<T, U>] ? true : false) : false;

/**
 * What we read (`U`, our reader's type), checked against what the SDK says the PSP sends (`T`): every
 * field we read exists there, and its value as the SDK types it (null aside) is one our reader accepts.
 */
export type ReadsFromSdk<T, U> = [U] extends [Walk<T, U, 'reads'>] ? true : false;

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
