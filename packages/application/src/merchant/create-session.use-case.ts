import {
  assertUnreachable,
  canonicalRequestText,
  createSession,
  DomainError,
  type Clock,
  type CreationIdempotency,
  type DerivedElementsTokens,
  type DomainPolicy,
  type IdGenerator,
  type Logger,
  type MerchantAccount,
  type MerchantAccountRepository,
  type MerchantId,
  type PspCatalog,
  type Session,
  type SessionRepository,
  type SessionRequest,
  type TokenMinter,
} from '@splitpay/domain';
import type { DueAtFn } from '../session-writer';
import { replayCreation } from './creation-replay';
import { warnRedirectedMethodsUnusable } from './redirected-method-warning';
import type { SessionCreated } from './session-created';

export interface CreateSessionDeps {
  readonly sessions: SessionRepository;
  readonly merchants: MerchantAccountRepository;
  /** The drivers the platform carries (a `PspRegistry`). */
  readonly psps: PspCatalog;
  readonly tokens: TokenMinter;
  /** Elements tokens of creations sent with an idempotency-key, derived again on a retry (D63). */
  readonly derivedTokens: DerivedElementsTokens;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Session lifetime when the request sets no ttlMs (docs/decisions.md D17). */
  readonly defaultTtlMs: number;
  readonly policy: DomainPolicy;
  /** The domain's `nextDueAt`: a new session is due at its expiry. */
  readonly nextDueAt: DueAtFn;
  readonly logger: Logger;
}

/**
 * POST /api/sessions: applies every creation rule for the authenticated merchant, mints the elements
 * token (only its digest is stored) and inserts the new session. With an idempotency key, a retry
 * answers the session the key already names (docs/decisions.md D63), even when the rules now refuse
 * the request (D69).
 */
export class CreateSessionUseCase {
  /** Made once: a closure made per call would cost a rename under tsx (keepNames). */
  private readonly newId: () => string;

  constructor(private readonly deps: CreateSessionDeps) {
    this.newId = () => deps.ids.newId();
  }

  async execute(merchantId: MerchantId, request: SessionRequest, idempotencyKey?: string): Promise<SessionCreated> {
    const account = await this.deps.merchants.findById(merchantId);
    // A token outliving its account proves nothing any more.
    if (!account) throw new DomainError('Unauthorized', 'A valid access token is required');
    if (idempotencyKey !== undefined) return this.createKeyed(account, request, idempotencyKey);
    const elementsToken = this.deps.tokens.newElementsToken();
    const session = this.newSession(account, request, elementsToken);
    await this.deps.sessions.insert(session);
    warnRedirectedMethodsUnusable(session, this.deps.logger);
    return { elementsToken, sessionId: session.id, expiresAt: session.expiresAt };
  }

  /** The token is derived from a salt the session keeps, so a retry can answer it though it is not stored. */
  private async createKeyed(account: MerchantAccount, request: SessionRequest, key: string): Promise<SessionCreated> {
    const { derivedTokens, tokens } = this.deps;
    const tokenSalt = derivedTokens.newSalt();
    const elementsToken = derivedTokens.tokenOf(tokenSalt);
    const idempotency: CreationIdempotency = { key, requestDigest: tokens.digest(canonicalRequestText(request)), tokenSalt };
    let session: Session;
    try {
      session = this.newSession(account, request, elementsToken);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return this.replayRefused(account.merchantId, idempotency, error);
    }
    const keyed = { ...session, idempotency };
    const stored = await this.deps.sessions.insertKeyed(keyed);
    switch (stored.kind) {
      case 'inserted':
        warnRedirectedMethodsUnusable(keyed, this.deps.logger);
        return { elementsToken, sessionId: keyed.id, expiresAt: keyed.expiresAt };
      case 'existing':
        return this.replay(stored.session, idempotency);
      default:
        return assertUnreachable(stored);
    }
  }

  /**
   * A rule refused the request, but the account may have changed since the key's first creation
   * succeeded: the session stored under the key is answered as any replay (D69), else the refusal stands.
   */
  private async replayRefused(merchantId: MerchantId, idempotency: CreationIdempotency, refusal: DomainError): Promise<SessionCreated> {
    const existing = await this.deps.sessions.findByIdempotencyKey(merchantId, idempotency.key);
    if (!existing) throw refusal;
    return this.replay(existing, idempotency);
  }

  private replay(existing: Session, idempotency: CreationIdempotency): SessionCreated {
    const { derivedTokens, tokens, logger } = this.deps;
    return replayCreation(existing, idempotency.requestDigest, { derivedTokens, tokens, logger });
  }

  private newSession(account: MerchantAccount, request: SessionRequest, elementsToken: string): Session {
    const session = createSession(request, {
      now: this.deps.clock.now(),
      newId: this.newId,
      account,
      psps: this.deps.psps,
      defaultTtlMs: this.deps.defaultTtlMs,
      elementsTokenHash: this.deps.tokens.digest(elementsToken),
    });
    const dueAt = this.deps.nextDueAt(session, this.deps.policy);
    return dueAt === undefined ? session : { ...session, dueAt };
  }
}
