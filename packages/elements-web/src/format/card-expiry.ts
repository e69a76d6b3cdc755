/**
 * The expiry as the fake provider's card form sends it, `MM/YY`, from what payers write: `1230`,
 * `12/30`, `12 / 30`, `12/2030`. Undefined for anything else, a month outside 01-12 included.
 */
export function cardExpiry(typed: string): string | undefined {
  const match = /^(\d{2})(?:\/?(\d{2})|\/20(\d{2}))$/.exec(typed.replace(/\s+/g, ''));
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return `${match[1]}/${match[2] ?? match[3]}`;
}
