/** A merchants file the service refuses to start with; the message names the entry and the field. */
export class MerchantsFileError extends Error {
  constructor(file: string, detail: string) {
    super(`MERCHANTS_FILE ${file}: ${detail}`);
    this.name = 'MerchantsFileError';
  }
}

/** `merchants[2] (merchantId "acme")`, or `merchants[2]` when the entry has no readable id. */
export function entryLabel(index: number, entry: unknown): string {
  const id = typeof entry === 'object' && entry !== null ? (entry as { merchantId?: unknown }).merchantId : undefined;
  return typeof id === 'string' ? `merchants[${index}] (merchantId ${JSON.stringify(id)})` : `merchants[${index}]`;
}

/** `contacts/1/role` -> `contacts[1].role`. */
export function fieldName(segments: readonly string[]): string {
  return segments.reduce((name, segment) => (/^\d+$/.test(segment) ? `${name}[${segment}]` : name ? `${name}.${segment}` : segment), '');
}
