/** The query field the driver adds to the return door's URL to make Oney's fail_url. */
const CANCEL_MARK = { name: 'oney', value: 'cancel' } as const;

/** Oney's fail_url: the same return door, marked so the return knows the payer left Oney's pages without a purchase. */
export function failUrlOf(returnUrl: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set(CANCEL_MARK.name, CANCEL_MARK.value);
  return url.toString();
}

/** The payer came back through the fail_url. */
export function isFailReturn(params: Readonly<Record<string, string>>): boolean {
  return params[CANCEL_MARK.name] === CANCEL_MARK.value;
}
