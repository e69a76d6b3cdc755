import { DomainError } from '../errors/domain-error';
import type { MerchantAccount } from '../merchant/merchant-account.model';
import type { SessionNotification } from '../session/session.model';

/**
 * How far a host can be reached from the public internet.
 * - `local`: cannot exist there (loopback, single-label container names, names under a private-use
 *   zone such as *.localhost or *.svc.cluster.local): plain http is allowed.
 * - `unroutable`: link-local and unspecified addresses (cloud metadata services live there): never a
 *   merchant's receiver, refused in every scheme (an SSRF door otherwise).
 * - `private`: RFC 1918, carrier-grade NAT and unique-local addresses: reachable inside networks that
 *   other parties share, so treated like public hosts (https only).
 * - `public`: everything else (https only).
 */
export type HostReach = 'local' | 'unroutable' | 'private' | 'public';

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Names the public DNS never delegates, which only a private network resolves: `localhost` (RFC
 * 6761), `local` (multicast DNS, RFC 6762, and Kubernetes' `svc.cluster.local`), `internal` (the
 * private-use top-level domain) and `home.arpa` (RFC 8375).
 */
const PRIVATE_USE_ZONES = ['localhost', 'local', 'internal', 'home.arpa'];

function ipv4Reach(a: number, b: number): HostReach {
  if (a === 127) return 'local';
  if (a === 0 || (a === 169 && b === 254)) return 'unroutable';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  return 'public';
}

/** The eight 16-bit groups of an IPv6 literal as WHATWG URL serializes it (compressed, no zone). */
function ipv6Groups(literal: string): number[] | undefined {
  const [head = '', tail, extra] = literal.split('::');
  if (extra !== undefined) return undefined;
  const part = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0) || [...left, ...right].some((g) => Number.isNaN(g))) return undefined;
  return [...left, ...new Array<number>(missing).fill(0), ...right];
}

function ipv6Reach(literal: string): HostReach {
  const g = ipv6Groups(literal);
  if (!g) return 'public';
  const [g0 = 0, , , , , g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroPrefix = g.slice(0, 5).every((x) => x === 0);
  if (zeroPrefix && g5 === 0 && g6 === 0 && (g7 === 1)) return 'local';
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 0) return 'unroutable';
  if (zeroPrefix && g5 === 0xffff) return ipv4Reach(g6 >> 8, g6 & 0xff);
  if ((g0 & 0xffc0) === 0xfe80) return 'unroutable';
  if ((g0 & 0xfe00) === 0xfc00) return 'private';
  return 'public';
}

/** Classifies a hostname as WHATWG URL normalizes it (lowercase, IPv4 dotted, IPv6 in brackets). */
export function hostReach(hostname: string): HostReach {
  const host = hostname.replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) return ipv6Reach(host.slice(1, -1));
  const v4 = IPV4.exec(host);
  if (v4) return ipv4Reach(Number(v4[1]), Number(v4[2]));
  if (PRIVATE_USE_ZONES.some((zone) => host === zone || host.endsWith(`.${zone}`))) return 'local';
  if (host !== '' && !host.includes('.')) return 'local';
  return 'public';
}

/** DNS limits (RFC 1035): a label holds at most 63 octets, a name at most 253 characters written out. */
const MAX_DNS_LABEL = 63;
const MAX_DNS_NAME = 253;

/** Why a host name can never resolve, or undefined: an address literal is not a name. WHATWG URL gives IDNs in ASCII (punycode). */
function unresolvableName(hostname: string): string | undefined {
  if (hostname.startsWith('[')) return undefined;
  const name = hostname.replace(/\.$/, '');
  if (name.length > MAX_DNS_NAME) return `notificationUrl's host has ${name.length} characters; a DNS name holds at most ${MAX_DNS_NAME}`;
  const label = name.split('.').find((part) => part.length > MAX_DNS_LABEL);
  if (label !== undefined) return `notificationUrl's host has a label of ${label.length} characters; a DNS label holds at most ${MAX_DNS_LABEL}`;
  return undefined;
}

function refuse(message: string): never {
  throw new DomainError('InvalidNotificationUrl', message);
}

/**
 * InvalidNotificationUrl: not a URL, not http(s), credentials inside it (they would be stored), a host
 * name DNS cannot hold (a label over 63 characters, a name over 253), a link-local or unspecified
 * address, or plain http on a host that can exist on the public internet.
 */
export function checkNotificationUrl(value: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    refuse('notificationUrl is not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') refuse('notificationUrl must be an https URL');
  if (url.username !== '' || url.password !== '') refuse('notificationUrl must not carry credentials');
  const unresolvable = unresolvableName(url.hostname);
  if (unresolvable !== undefined) refuse(unresolvable);
  const reach = hostReach(url.hostname);
  if (reach === 'unroutable') refuse('notificationUrl must not name a link-local or unspecified address');
  if (url.protocol === 'http:' && reach !== 'local') {
    refuse('notificationUrl must be https; plain http is allowed only for hosts that cannot exist on the public internet (localhost, loopback, a container name)');
  }
}

/**
 * The address fixed at creation: the session's own, else the account's, else none (the ending is then
 * not announced). Later account changes never move it. A session's own address needs the account's
 * pre-agreed authorization value, which every outgoing call carries (InvalidNotificationUrl otherwise);
 * the merchants file already ties the account's own address to one.
 */
export function resolveNotification(
  requested: string | undefined,
  account: Pick<MerchantAccount, 'notificationUrl' | 'webhookAuthorizationSealed'>,
): SessionNotification | undefined {
  if (requested !== undefined) {
    checkNotificationUrl(requested);
    if (account.webhookAuthorizationSealed === undefined) {
      refuse('notificationUrl needs a webhook authorization value agreed on the merchant account: the ending would be sent without one');
    }
    return { url: requested };
  }
  return account.notificationUrl ? { url: account.notificationUrl } : undefined;
}
