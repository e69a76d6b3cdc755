import {
  createSession,
  DomainError,
  type Clock,
  type DomainPolicy,
  type IdGenerator,
  type MerchantAccountRepository,
  type MerchantId,
  type PspCatalog,
  type SessionId,
  type SessionRepository,
  type SessionRequest,
  type TokenMinter,
} from '@splitpay/domain';
import type { DueAtFn } from '../session-writer';

export interface CreateSessionDeps {
  readonly sessions: SessionRepository;
  readonly merchants: MerchantAccountRepository;
  /** The drivers the platform carries (a `PspRegistry`). */
  readonly psps: PspCatalog;
  readonly tokens: TokenMinter;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Session lifetime when the request sets no ttlMs (docs/decisions.md D17). */
  readonly defaultTtlMs: number;
  readonly policy: DomainPolicy;
  /** The domain's `nextDueAt`: a new session is due at its expiry. */
  readonly nextDueAt: DueAtFn;
}

/** What the merchant server receives; the elements token goes to the page, the session id never does. */
export interface SessionCreated {
  readonly elementsToken: string;
  readonly sessionId: SessionId;
  readonly expiresAt: number;
}

/**
 * POST /api/sessions: applies every creation rule for the authenticated merchant, mints the elements
 * token (only its digest is stored) and inserts the new session.
 */
export class CreateSessionUseCase {
  /** Made once: a closure made per call would cost a rename under tsx (keepNames). */
  private readonly newId: () => string;

  constructor(private readonly deps: CreateSessionDeps) {
    this.newId = () => deps.ids.newId();
  }

  async execute(merchantId: MerchantId, request: SessionRequest): Promise<SessionCreated> {
    const account = await this.deps.merchants.findById(merchantId);
    // A token outliving its account proves nothing any more.
    if (!account) throw new DomainError('Unauthorized', 'A valid access token is required');
    const elementsToken = this.deps.tokens.newElementsToken();
    const session = createSession(request, {
      now: this.deps.clock.now(),
      newId: this.newId,
      account,
      psps: this.deps.psps,
      defaultTtlMs: this.deps.defaultTtlMs,
      elementsTokenHash: this.deps.tokens.digest(elementsToken),
    });
    const dueAt = this.deps.nextDueAt(session, this.deps.policy);
    await this.deps.sessions.insert(dueAt === undefined ? session : { ...session, dueAt });
    return { elementsToken, sessionId: session.id, expiresAt: session.expiresAt };
  }
}
