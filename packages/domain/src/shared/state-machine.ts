import { IllegalTransitionError } from '../errors/domain-error';

/**
 * A transition table as data: for each state, the triggers it accepts and the state each leads to.
 * A trigger absent from a state's row is not allowed there.
 */
export type TransitionTable<S extends string, T extends string> = {
  readonly [From in S]: { readonly [Trigger in T]?: S };
};

/** A small generic machine over a transition table. */
export interface StateMachine<S extends string, T extends string> {
  readonly name: string;
  readonly table: TransitionTable<S, T>;
  /** Whether `trigger` is allowed from `from`. */
  can(from: S, trigger: T): boolean;
  /** The state `trigger` leads to from `from`; throws IllegalTransitionError (a bug) when the table forbids it. */
  fire(from: S, trigger: T): S;
  /** States with no way out. */
  isFinal(state: S): boolean;
}

export function stateMachine<S extends string, T extends string>(
  name: string,
  table: TransitionTable<S, T>,
): StateMachine<S, T> {
  const next = (from: S, trigger: T): S | undefined => table[from][trigger];
  return {
    name,
    table,
    can: (from, trigger) => next(from, trigger) !== undefined,
    fire(from, trigger) {
      const to = next(from, trigger);
      if (to === undefined) throw new IllegalTransitionError(name, from, trigger);
      return to;
    },
    isFinal: (state) => Object.keys(table[state]).length === 0,
  };
}
