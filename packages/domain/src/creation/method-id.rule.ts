import { DomainError } from '../errors/domain-error';

/** The instance key of a method entry: its `id`, else the method name. */
export function instanceKey(entry: { readonly method: string; readonly id?: string }): string {
  return entry.id ?? entry.method;
}

/** DuplicateMethodId: two method entries resolve to the same instance key. */
export function checkMethodIds(entries: readonly { readonly method: string; readonly id?: string }[]): void {
  const seen = new Set<string>();
  for (const entry of entries) {
    const key = instanceKey(entry);
    if (seen.has(key)) {
      throw new DomainError('DuplicateMethodId', `Two method entries resolve to the instance key '${key}'; give each instance its own id`);
    }
    seen.add(key);
  }
}
