import express from 'express';

/** Which proxies' X-Forwarded-For the app believes (Express's `trust proxy`). */
export type TrustProxy = boolean | number | string;

/**
 * Reads TRUST_PROXY: absent, empty or `false` trusts no proxy (the peer is the client); a number is
 * how many proxies stand in front; otherwise a comma-separated list of addresses, subnets (CIDR) or
 * Express's names (`loopback`, `linklocal`, `uniquelocal`). `true` (trust any hop) is refused: anyone
 * could then choose their own address by sending X-Forwarded-For.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (value.toLowerCase() === 'true') throw new Error('TRUST_PROXY=true would let any client choose its address; name the proxies (addresses, subnets) or their count');
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((part) => part.trim()).filter(Boolean).join(',');
  try {
    // Express compiles the list itself; an address it cannot read throws here, at start.
    express().set('trust proxy', list);
  } catch (error) {
    throw new Error(`TRUST_PROXY: ${error instanceof Error ? error.message : String(error)}`);
  }
  return list;
}
