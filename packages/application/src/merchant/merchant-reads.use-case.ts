import {
  DomainError,
  type AttemptHit,
  type AttemptId,
  type Chargeback,
  type ChargebackRepository,
  type MerchantId,
  type Session,
  type SessionId,
  type SessionRepository,
  type TransactionHit,
  type TransactionId,
} from '@splitpay/domain';
import { transactionHit } from '../transaction-hit';

export interface MerchantReadsDeps {
  readonly sessions: Pick<SessionRepository, 'findById' | 'findByAttemptId' | 'findByTransactionId'>;
  /** Optional: without it a session lists no chargeback. */
  readonly chargebacks?: Pick<ChargebackRepository, 'listForSession'>;
}

/** Another merchant's resource answers exactly like a missing one. */
const notFound = (): DomainError => new DomainError('NotFound', 'Not found');

/** GET /api/sessions/{id}, /api/attempts/{id}, /api/transactions/{id}, scoped to the caller's merchant. */
export class MerchantReads {
  constructor(private readonly deps: MerchantReadsDeps) {}

  private owned(session: Session | null, merchantId: MerchantId): Session {
    if (!session || session.merchantId !== merchantId) throw notFound();
    return session;
  }

  async getSession(merchantId: MerchantId, sessionId: SessionId): Promise<Session> {
    return this.owned(await this.deps.sessions.findById(sessionId), merchantId);
  }

  /** The disputes raised on one of the merchant's sessions, oldest first; NotFound like the session read. */
  async getSessionChargebacks(merchantId: MerchantId, sessionId: SessionId): Promise<Chargeback[]> {
    const session = await this.getSession(merchantId, sessionId);
    return this.deps.chargebacks ? this.deps.chargebacks.listForSession(session.merchantId, session.id) : [];
  }

  async getAttempt(merchantId: MerchantId, attemptId: AttemptId): Promise<AttemptHit> {
    const session = this.owned(await this.deps.sessions.findByAttemptId(attemptId), merchantId);
    const attempt = session.attempts.find((a) => a.id === attemptId);
    if (!attempt) throw notFound();
    return { sessionId: session.id, merchantId: session.merchantId, orderId: session.orderId, attempt };
  }

  async getTransaction(merchantId: MerchantId, transactionId: TransactionId): Promise<TransactionHit> {
    const session = this.owned(await this.deps.sessions.findByTransactionId(transactionId), merchantId);
    const hit = transactionHit(session, transactionId);
    if (!hit) throw notFound();
    return hit;
  }
}
