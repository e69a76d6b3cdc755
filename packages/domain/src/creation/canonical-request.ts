/**
 * A creation request as one text, object keys sorted at every depth (arrays keep their order): two
 * bodies that differ only in the order of their keys are the same request (docs/decisions.md D63).
 */
export function canonicalRequestText(request: unknown): string {
  return JSON.stringify(request, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}
