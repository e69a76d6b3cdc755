import type { Attempt, AttemptStatus } from '../attempt/attempt.model';
import type { AttemptId, MerchantId, SessionId, TransactionId } from '../ids/ids';
import type { MethodKind } from '../method/method';
import type { CreationIdempotency, Session, SessionStatus } from '../session/session.model';
import type { Transaction, TransactionType, VerdictKind } from '../transaction/transaction.model';
import type { Page, SearchWindow } from './keyset';

export interface SessionSearch extends SearchWindow {
  readonly merchantId: MerchantId;
  readonly orderId?: string;
  readonly status?: SessionStatus;
}

export interface AttemptSearch extends SearchWindow {
  readonly merchantId: MerchantId;
  readonly orderId?: string;
  readonly sessionId?: SessionId;
  readonly status?: AttemptStatus;
  readonly method?: MethodKind;
  readonly provider?: string;
}

export interface TransactionSearch extends SearchWindow {
  readonly merchantId: MerchantId;
  readonly orderId?: string;
  readonly providerRef?: string;
  readonly status?: VerdictKind;
  /** The PSP that ran the operation, as TransactionHit.provider names it (D58). */
  readonly provider?: string;
  readonly type?: TransactionType;
}

/** An attempt with the context of its session. */
export interface AttemptHit {
  readonly sessionId: SessionId;
  readonly merchantId: MerchantId;
  readonly orderId: string;
  readonly attempt: Attempt;
}

/** A transaction with the context of its session and attempt. */
export interface TransactionHit {
  readonly sessionId: SessionId;
  readonly merchantId: MerchantId;
  readonly orderId: string;
  readonly attemptId: AttemptId;
  readonly method: MethodKind;
  /** The PSP that ran the operation: its attempt's provider, fixed when the attempt opened. */
  readonly provider: string;
  readonly cardScheme?: string;
  readonly transaction: Transaction;
}

/**
 * Abandoned session-ended notifications of one merchant whose calendar first failed within a window
 * (from inclusive, to exclusive): the messages an endpoint that was down then never received.
 */
export interface AbandonedNotificationSearch {
  readonly merchantId: MerchantId;
  readonly from?: number;
  readonly to?: number;
  /** The position of the last session of the previous page. */
  readonly after?: AbandonedNotificationPosition;
  readonly limit: number;
}

/** Where a page of abandoned notifications ended: the first failure of its last one, and its session id. */
export interface AbandonedNotificationPosition {
  readonly firstFailedAt: number;
  readonly id: SessionId;
}

export interface AbandonedNotificationPage {
  readonly items: readonly Session[];
  /** Present when more sessions may follow. */
  readonly next?: AbandonedNotificationPosition;
}

export type SaveResult = 'saved' | 'conflict';

/** A keyed creation's insert: stored, or the session the merchant already created under that key. */
export type KeyedInsert = { readonly kind: 'inserted' } | { readonly kind: 'existing'; readonly session: Session };

export interface SaveOptions {
  /** The version the caller read; the write happens only if the stored one is still this. */
  readonly expectedVersion: number;
  /** A worker completing leased work: the write also requires this lease owner, and releases the lease. */
  readonly leaseOwner?: string;
}

/**
 * Sessions, each one document holding its attempts, transactions and owed messages, so one atomic
 * write records a state change together with what it owes.
 *
 * Every query is index-backed; searches are keyset pages, newest first (createdAt desc, id desc).
 */
export interface SessionRepository {
  /** Stores a new session (its version is 1). */
  insert(session: Session): Promise<void>;
  /**
   * Stores a new session carrying `idempotency`, unless its merchant already holds a session under the
   * same key (one unique index, so concurrent twins, on any instance, store one session): then answers
   * that session and stores nothing. The stored session is read only when the key was taken.
   */
  insertKeyed(session: Session & { readonly idempotency: CreationIdempotency }): Promise<KeyedInsert>;
  /**
   * The session a merchant created under an idempotency key, if any (the unique index of insertKeyed
   * serves it): read only when a keyed creation's rules refused it, to answer the first creation again
   * (docs/decisions.md D69).
   */
  findByIdempotencyKey(merchantId: MerchantId, key: string): Promise<Session | null>;
  findById(id: SessionId): Promise<Session | null>;
  findByElementsTokenHash(hash: string): Promise<Session | null>;
  findByAttemptId(id: AttemptId): Promise<Session | null>;
  findByTransactionId(id: TransactionId): Promise<Session | null>;
  findByProviderRef(provider: string, providerRef: string): Promise<Session | null>;
  /**
   * Replaces the stored session with `session` (whose version must be expectedVersion + 1) if the
   * stored version is still expectedVersion. Never touches the lease, except to release it when
   * `leaseOwner` is given (and then only if that owner still holds it).
   */
  save(session: Session, options: SaveOptions): Promise<SaveResult>;
  /**
   * Claims one session whose background work is due (`dueAt <= now`) and whose lease is free or
   * expired, by setting a lease for `owner` until now + leaseMs in one atomic write.
   */
  claimDue(now: number, owner: string, leaseMs: number): Promise<Session | null>;
  /**
   * Claims one session whose session-ended message is due (`notificationDueAt <= now`), under the
   * same lease as claimDue (so the message is never sent while a session turn holds the session, nor
   * twice), earliest due first. No merchant is skipped: a claim never walks past one merchant's
   * backlog (the worker puts a busy merchant's message back with postponeNotification).
   */
  claimNotificationDue(now: number, owner: string, leaseMs: number): Promise<Session | null>;
  /**
   * Puts the session-ended message of session `id` back until `until` (its `notificationDueAt`) and
   * gives the lease back, in one write, if `owner` still holds the lease; nothing else changes.
   */
  postponeNotification(id: SessionId, owner: string, until: number): Promise<void>;
  /**
   * Brings a message put back until `from` forward to `to` (a run whose busy merchant's tries ended),
   * if its instant is still `from` and no lease holds the session at `to`; nothing else changes.
   */
  recallNotification(id: SessionId, from: number, to: number): Promise<void>;
  /**
   * Extends `owner`'s lease to now + leaseMs while its turn is still running (a heartbeat); answers
   * false, changing nothing, when `owner` no longer holds it (another instance claimed it after it lapsed).
   */
  renewLease(id: SessionId, owner: string, now: number, leaseMs: number): Promise<boolean>;
  /** Gives a lease back without writing anything else (work found nothing to do, or failed). */
  releaseLease(id: SessionId, owner: string): Promise<void>;
  searchSessions(query: SessionSearch): Promise<Page<Session>>;
  searchAttempts(query: AttemptSearch): Promise<Page<AttemptHit>>;
  searchTransactions(query: TransactionSearch): Promise<Page<TransactionHit>>;
  /**
   * Sessions of a merchant whose session-ended notification is abandoned (its calendar spent), by the
   * instant the calendar first failed, oldest first (then by id): what an operator replays after the
   * merchant's endpoint was down (tools/ops replay-notifications).
   */
  findAbandonedNotifications(query: AbandonedNotificationSearch): Promise<AbandonedNotificationPage>;
}
