/** The time source. Epoch milliseconds. Tests drive a manual clock. */
export interface Clock {
  now(): number;
}
