import type { AttemptStatus, MethodKind, TransactionType, VerdictKind } from '@splitpay/domain';
import type { AttemptDocument } from './session.document';

/**
 * Index entries of the attempt search: one small document per attempt holding only what the search
 * filters and orders on. The hit itself is always read from the session document (the record), so a
 * view can be late, never wrong in content. `sessionVersion` orders concurrent writers.
 */
export interface AttemptViewDocument {
  readonly _id: string;
  readonly merchantId: string;
  readonly sessionId: string;
  readonly orderId: string;
  readonly createdAt: number;
  readonly status: AttemptStatus;
  readonly method: MethodKind;
  readonly provider: string;
  readonly sessionVersion: number;
}

/**
 * Index entries of the transaction search, one per transaction; same rules as AttemptViewDocument.
 * `provider` and `type` are absent from entries written before D62: such an entry is found by every
 * other filter but by neither of these until it is written again (a save, or resync-search).
 */
export interface TransactionViewDocument {
  readonly _id: string;
  readonly merchantId: string;
  readonly sessionId: string;
  readonly attemptId: string;
  readonly orderId: string;
  readonly createdAt: number;
  readonly statusKind: VerdictKind;
  readonly providerRef?: string;
  /** Absent only from entries of the earlier shape; always written now. */
  readonly provider?: string;
  readonly type?: TransactionType;
  readonly sessionVersion: number;
}

/** What the views of one session are derived from (a session document or a part of one). */
export interface ViewSource {
  readonly _id: string;
  readonly merchantId: string;
  readonly orderId: string;
  readonly version: number;
  readonly attempts: readonly AttemptDocument[];
}

export function attemptViewOf(source: ViewSource, attempt: AttemptDocument): AttemptViewDocument {
  return {
    _id: attempt.id,
    merchantId: source.merchantId,
    sessionId: source._id,
    orderId: source.orderId,
    createdAt: attempt.createdAt,
    status: attempt.status,
    method: attempt.method,
    provider: attempt.provider,
    sessionVersion: source.version,
  };
}

export function attemptViewsOf(source: ViewSource): AttemptViewDocument[] {
  return source.attempts.map((attempt) => attemptViewOf(source, attempt));
}

export function transactionViewOf(
  source: ViewSource,
  attempt: AttemptDocument,
  transaction: AttemptDocument['transactions'][number],
): TransactionViewDocument {
  return {
    _id: transaction.id,
    merchantId: source.merchantId,
    sessionId: source._id,
    attemptId: attempt.id,
    orderId: source.orderId,
    createdAt: transaction.createdAt,
    statusKind: transaction.status.kind,
    ...(transaction.providerRef !== undefined ? { providerRef: transaction.providerRef } : {}),
    provider: attempt.provider,
    type: transaction.type,
    sessionVersion: source.version,
  };
}

export function transactionViewsOf(source: ViewSource): TransactionViewDocument[] {
  return source.attempts.flatMap((attempt) => attempt.transactions.map((transaction) => transactionViewOf(source, attempt, transaction)));
}

/**
 * True when two view entries differ in anything but the version they were derived from. Entries are
 * flat (strings and numbers), so field by field, with no copy and no JSON: every save of a session
 * compares each of its entries.
 */
export function viewChanged<V extends { readonly sessionVersion: number }>(before: V | undefined, after: V): boolean {
  if (!before) return true;
  const old = before as unknown as Readonly<Record<string, unknown>>;
  const now = after as unknown as Readonly<Record<string, unknown>>;
  const fields = Object.keys(now);
  if (fields.length !== Object.keys(old).length) return true;
  for (const field of fields) if (field !== 'sessionVersion' && old[field] !== now[field]) return true;
  return false;
}
