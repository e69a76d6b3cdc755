/** An object reading as `base` except for `own` (defined, not assigned: `base` may have getters). */
export function overlay<T extends object>(base: T, own: Partial<T>): T {
  const descriptors = Object.fromEntries(Object.entries(own).map(([key, value]) => [key, { value, enumerable: true }]));
  return Object.create(base, descriptors) as T;
}
