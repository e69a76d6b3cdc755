/**
 * The shape of a JSON value: its keys at every depth (sorted), array lengths, and the JSON type of
 * each leaf. Two values of the same shape differ only by their leaf values.
 */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
  );
}
