/** The query field the driver adds to the return door's URL to make PayPal's cancel_url. */
export const CANCEL_MARK = { name: 'paypal', value: 'cancel' } as const;

/** PayPal's cancel_url: the same return door, marked so the return knows the payer backed out. */
export function cancelUrlOf(returnUrl: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set(CANCEL_MARK.name, CANCEL_MARK.value);
  return url.toString();
}

/** The payer came back through the cancel_url (PayPal's "Cancel and return" link). */
export function isCancelReturn(params: Readonly<Record<string, string>>): boolean {
  return params[CANCEL_MARK.name] === CANCEL_MARK.value;
}
