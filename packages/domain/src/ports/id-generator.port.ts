/** Mints identifiers: lowercase UUID version 7 (time-ordered). */
export interface IdGenerator {
  newId(): string;
}
