import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError, type KeysetPosition } from '@splitpay/domain';

/** The search a cursor belongs to: which listing, whose, and with which filters (page size excluded). */
export interface CursorScope {
  readonly kind: 'sessions' | 'attempts' | 'transactions';
  readonly merchantId: string;
  readonly filters: Readonly<Record<string, unknown>>;
}

const foreign = (): DomainError => new DomainError('InvalidRequest', 'cursor is not a nextCursor of this search');

function canonical(scope: CursorScope): string {
  const filters = Object.entries(scope.filters)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([scope.kind, scope.merchantId, filters]);
}

/**
 * Keyset cursors: opaque to callers and tamper-evident. A cursor carries the position of the last item
 * of a page and an HMAC over that position and its scope (listing, caller's merchant, filters) under a
 * server key, so a cursor edited, forged, or taken from another search or merchant is refused
 * (InvalidRequest). Instances sharing a store must share the key.
 */
export class SearchCursors {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('The search cursor key must hold at least 256 bits');
  }

  private mac(scope: CursorScope, payload: string): Buffer {
    return createHmac('sha256', this.key).update(canonical(scope)).update('\n').update(payload).digest();
  }

  encode(position: KeysetPosition, scope: CursorScope): string {
    const payload = Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString('base64url');
    return `${payload}.${this.mac(scope, payload).toString('base64url')}`;
  }

  /** The position a cursor names, or InvalidRequest for garbage, tampering, or another search's cursor. */
  decode(cursor: string, scope: CursorScope): KeysetPosition {
    const [payload, mac, extra] = cursor.split('.');
    if (!payload || !mac || extra !== undefined) throw foreign();
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(scope, payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw foreign();
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw foreign();
    }
    if (!Array.isArray(decoded) || decoded.length !== 2) throw foreign();
    const [createdAt, id] = decoded as unknown[];
    if (!Number.isSafeInteger(createdAt) || typeof id !== 'string') throw foreign();
    return { createdAt: createdAt as number, id };
  }
}
