import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { hostReach } from '@splitpay/domain';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: number;
}

/** Resolves a host name to every address it has (default: the system resolver, `dns.lookup` with `all`). */
export type AddressResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export const systemResolver: AddressResolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Error code of a delivery refused because its target is a forbidden address. */
export const TARGET_REFUSED = 'ETARGETREFUSED';

/**
 * Cloud metadata services outside the link-local range: AWS over IPv6 (a unique-local address) and
 * Alibaba Cloud (a carrier-grade NAT address). Written as WHATWG URL serializes a host.
 */
const METADATA_HOSTS = new Set(['[fd00:ec2::254]', '100.100.100.200']);

/** A literal IP address as WHATWG URL serializes it (IPv6 in brackets, compressed, mapped IPv4 in hex). */
function urlHostOf(address: string): string | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  try {
    return new URL(`http://${family === 6 ? `[${address}]` : address}/`).hostname;
  } catch {
    return undefined;
  }
}

/** The NAT64 well-known prefix 64:ff9b::/96: the last 32 bits are an IPv4 address the gateway reaches. */
const NAT64 = /^\[64:ff9b::(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4})\]$/;

function embeddedIpv4(high: string | undefined, low: string): string {
  const h = high === undefined ? 0 : parseInt(high, 16);
  const l = parseInt(low, 16);
  return [h >> 8, h & 0xff, l >> 8, l & 0xff].join('.');
}

/**
 * Whether a webhook may connect to this IP address. Refused: link-local and unspecified addresses
 * (169.254/16 where cloud metadata lives, fe80::/10, 0.0.0.0/8, ::, and their IPv4-mapped and NAT64 forms)
 * and the known metadata addresses outside that range. Anything that is not a plain IP address (an
 * IPv6 zone index, always link-local) is refused too. Loopback and private ranges stay allowed, as session
 * creation allows them (docs/decisions.md D2).
 */
export function isForbiddenAddress(address: string): boolean {
  const host = urlHostOf(address);
  if (host === undefined) return true;
  if (hostReach(host) === 'unroutable' || METADATA_HOSTS.has(host)) return true;
  const nat64 = NAT64.exec(host);
  return nat64 !== null && isForbiddenAddress(embeddedIpv4(nat64[1], nat64[2]!));
}

/** The same rule for a URL's host when it is an IP literal (Node connects to those without a lookup). */
export function isForbiddenLiteralHost(urlHostname: string): boolean {
  const bare = urlHostname.startsWith('[') ? urlHostname.slice(1, -1) : urlHostname;
  return isIP(bare) !== 0 && isForbiddenAddress(bare);
}

function refusal(): Error {
  return Object.assign(new Error('webhook target refused'), { code: TARGET_REFUSED });
}

/** The callback form of `lookup` the HTTP client calls (axios normalizes a returned list of addresses). */
export type GuardedLookup = (
  hostname: string,
  options: object,
  callback: (error: Error | null, addresses: { address: string; family: 4 | 6 }[]) => void,
) => void;

/**
 * A `lookup` for the HTTP client that hands back only the addresses a webhook may connect to, so the
 * check applies to the very address the socket connects to (a name that resolves to a metadata
 * address, or is rebound to one between two tries, is refused). No allowed address: TARGET_REFUSED.
 * Written in callback form: axios passes a non-async function through as Node's own lookup signature.
 */
export function guardedLookup(resolve: AddressResolver): GuardedLookup {
  return (hostname, _options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const allowed = addresses
          .filter((a) => !isForbiddenAddress(a.address))
          .map((a) => ({ address: a.address, family: isIP(a.address) === 6 ? (6 as const) : (4 as const) }));
        if (allowed.length === 0) callback(refusal(), []);
        else callback(null, allowed);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), []),
    );
  };
}
