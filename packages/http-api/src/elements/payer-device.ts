import { isIP } from 'node:net';
import type { Request } from 'express';
import type { PayerDevice } from '@splitpay/domain';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The payer's device as this request shows it. The IP is Express's `req.ip`: the peer, or the
 * X-Forwarded-For hop the TRUST_PROXY proxies vouch for, never a header the service does not trust.
 * An IPv4 peer seen on an IPv6 socket (`::ffff:a.b.c.d`) is given as IPv4, what PSPs expect; anything
 * that is not an address (a trusted proxy forwarding junk) is left out.
 */
export function payerDeviceOf(req: Request): PayerDevice | undefined {
  const raw = req.ip;
  if (!raw) return undefined;
  const ip = IPV4_MAPPED.exec(raw)?.[1] ?? raw;
  return isIP(ip) ? { ip } : undefined;
}

/** A use case's request with the device of the payer who sent it, when the door knows it. */
export function withPayerDevice<T extends object>(req: Request, request: T): T & { readonly payerDevice?: PayerDevice } {
  const payerDevice = payerDeviceOf(req);
  return payerDevice ? { ...request, payerDevice } : request;
}
