import type { WireAmount } from '../protocol/fake-psp.protocol';

/** Small readers of untrusted JSON: each answers the value or undefined when it does not fit. */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown, max = 255): string | undefined {
  return typeof value === 'string' && value.length >= 1 && value.length <= max ? value : undefined;
}

export function positiveInt(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

export function amountOf(value: unknown): WireAmount | undefined {
  if (!isRecord(value)) return undefined;
  const amount = positiveInt(value.value);
  const currency = typeof value.currency === 'string' && /^[A-Z]{3}$/.test(value.currency) ? value.currency : undefined;
  return amount !== undefined && currency ? { value: amount, currency } : undefined;
}

export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A YYYY-MM-DD date that exists. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : undefined;
}
