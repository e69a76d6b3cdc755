import {
  applyFact,
  DomainError,
  type InboundNotification,
  type Logger,
  type Metrics,
  type NotificationContext,
  type NotificationReply,
  type OperationRef,
  type PspFact,
  type PspRegistry,
  type Session,
  type SessionRepository,
  type TransactionId,
} from '@splitpay/domain';
import type { ChargebackIntake } from '../chargeback/receive-chargeback';
import type { SessionWriter } from '../session-writer';
import type { OwedOperationDispatcher } from './owed-operation.dispatcher';
import { withoutForeignGrants } from './grant-currency';
import { attemptHolding, NotificationScope } from './notification-scope';
import type { PspGateway } from './psp-gateway';

export interface NotificationIntakeDeps {
  readonly registry: PspRegistry;
  readonly sessions: SessionRepository;
  readonly writer: SessionWriter;
  readonly dispatcher: Pick<OwedOperationDispatcher, 'dispatchOwedLater'>;
  /** Reads the contract settings a provider verifies a notification with (NotificationContext). */
  readonly gateway: PspGateway;
  readonly chargebacks: Pick<ChargebackIntake, 'receive'>;
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/** Counter of PSP verdicts that match no operation of ours, by provider and fact kind. */
export const VERDICT_UNMATCHED_METRIC = 'psp_verdict_unmatched_total';

type VerdictFact = Exclude<PspFact, { kind: 'chargeback' }>;

const VERDICT_KINDS: Record<VerdictFact['kind'], true> = {
  authorized: true,
  declined: true,
  'cancelled-by-payer': true,
  'lender-pending': true,
  captured: true,
  voided: true,
  refunded: true,
};

/** The fact kinds a verdict can carry (every kind but chargeback), for counters that exist at zero. */
export const VERDICT_FACT_KINDS = Object.keys(VERDICT_KINDS) as readonly VerdictFact['kind'][];

/**
 * Inbound PSP notifications: the provider's reader authenticates and normalizes them into facts; each
 * fact is applied to its session (idempotently: duplicates, late and reordered verdicts change nothing
 * twice), chargebacks go to the chargeback intake, and the provider's expected reply is answered.
 * Unauthenticated or unparseable notifications change nothing and are logged without their body. A
 * notification authenticated with a contract's settings acts only on that contract's operations (D80).
 * A grant in another currency than its operation's is no verdict: logged at error, applied to nothing,
 * answered as the others (D125-b).
 */
export class PspNotificationIntake {
  constructor(private readonly deps: NotificationIntakeDeps) {}

  /** NotFound when the platform carries no such provider. A store fault throws (the PSP retries). */
  async receive(providerId: string, notification: InboundNotification): Promise<NotificationReply> {
    const provider = this.deps.registry.provider(providerId);
    if (!provider) throw new DomainError('NotFound', 'Not found');
    // Sessions the reader's settings look-ups found: each is reused once by the verdict it names.
    const located = new Set<Session>();
    const scope = new NotificationScope();
    const parsed = await provider.parseNotification(notification, this.contextFor(providerId, located, scope));
    if (parsed.kind === 'rejected') {
      // The reader's reason may quote the body after a colon: only its first clause is logged.
      this.deps.logger.warn('psp.notification_rejected', { provider: providerId, reason: parsed.reason.split(':')[0], status: parsed.reply.status });
      return parsed.reply;
    }
    for (const fact of parsed.facts) {
      if (fact.kind !== 'chargeback') await this.applyVerdict(providerId, fact, located, scope);
      else if ((await this.deps.chargebacks.receive(fact, providerId, scope)).kind === 'foreign') this.refuseForeign(providerId, fact.kind, { transactionId: fact.transactionId, providerRef: fact.providerRef });
    }
    // A fact refused as foreign is answered as one naming no operation of ours: not a reason for the PSP to resend it.
    return parsed.reply;
  }

  /** Lends the reader the settings of the contract serving the operation a notification names, and records that contract in `scope`. */
  private contextFor(providerId: string, located: Set<Session>, scope: NotificationScope): NotificationContext {
    return {
      settingsFor: async (ref: OperationRef) => {
        const session = await this.locate(providerId, ref);
        if (!session) return undefined;
        located.add(session);
        const attempt = attemptHolding(session, providerId, ref);
        const offer = attempt && session.methods.find((m) => m.id === attempt.methodId);
        if (!attempt || !offer) return undefined;
        const gateway = this.deps.gateway.forSession(session);
        const settings = await gateway.settingsFor(offer);
        scope.lend(session, attempt, await gateway.account());
        return settings;
      },
    };
  }

  /** A fact naming an operation outside the contracts that authenticated its notification: nothing changes (D80). */
  private refuseForeign(providerId: string, kind: PspFact['kind'], ref: OperationRef): void {
    this.deps.logger.warn('psp.notification_foreign_operation', {
      provider: providerId,
      fact: kind,
      transactionId: ref.transactionId,
      providerRef: ref.providerRef,
      message: "A notification authenticated with one contract's settings names another contract's operation: refused",
    });
  }

  private async applyVerdict(providerId: string, fact: VerdictFact, located: Set<Session>, scope: NotificationScope): Promise<void> {
    const providerRef = fact.ref.providerRef ?? fact.providerRef;
    const ref = { ...fact.ref, ...(providerRef !== undefined ? { providerRef } : {}) };
    const session = takeLocated(located, providerId, ref) ?? (await this.locate(providerId, ref));
    const fields = { provider: providerId, fact: fact.kind, transactionId: fact.ref.transactionId, providerRef };
    if (!session) {
      this.deps.metrics.increment(VERDICT_UNMATCHED_METRIC, { provider: providerId, kind: fact.kind });
      // Money held or taken for an operation nobody knows (a store lost, a foreign reference) is never
      // voided or refunded by itself: an operator must act. Other unmatched verdicts move no money.
      if (fact.kind === 'authorized') this.deps.logger.error('psp.fact_unmatched', { ...fields, message: 'An authorization or payment matches no operation: the hold or payment must be handled at the PSP by hand' });
      else this.deps.logger.warn('psp.fact_unmatched', fields);
      return;
    }
    if (!scope.admitsOperation(session, providerId, ref)) {
      this.refuseForeign(providerId, fact.kind, ref);
      return;
    }
    // Answered as accepted all the same: the PSP would send the same verdict again, and hold back the rest of its batch.
    if (withoutForeignGrants(session, [{ ...fact, ref }], { provider: providerId, source: 'notification' }, this.deps.logger).length === 0) return;
    const written = await this.deps.writer.update(session.id, (s, ctx) => ({ session: applyFact(s, fact, ctx), result: undefined }), {
      initial: session,
    });
    const { session: saved, changed } = written;
    this.deps.logger.info('psp.fact_received', { ...fields, sessionId: saved.id, changed, status: saved.status });
    if (reverses(fact)) this.reportReversal(fields, saved, fact, changed);
    // Answered before the PSP's own deadline: what the verdict owes is sent in the background.
    if (changed) this.deps.dispatcher.dispatchOwedLater([written]);
  }

  /**
   * The PSP undid a capture or refund it had confirmed, or failed one still pending the same way. The
   * contract has no message for it: the operator is told. Applied (a refund reversed or failed): warn,
   * the merchant sees the refund failed and its amount refundable again. Not applied (a capture
   * reversed on an order already PAID: the service does not reopen it): error, money is at stake.
   */
  private reportReversal(fields: Record<string, unknown>, session: Session, fact: VerdictFact, applied: boolean): void {
    const line = { ...fields, sessionId: session.id, merchantId: session.merchantId, statusCode: fact.statusCode, applied };
    if (applied) this.deps.logger.warn('psp.operation_reversed', line);
    // Not applied to an operation already failed: the same reversal delivered again.
    else if (stillSucceeded(session, fact)) this.deps.logger.error('psp.operation_reversed', { ...line, message: 'The PSP reversed an operation the service holds as final: settle it with the PSP and the merchant by hand' });
  }

  /** The session holding the operation: by our transaction id, else by the PSP's reference; only this provider's. */
  private async locate(providerId: string, ref: OperationRef): Promise<Session | undefined> {
    const { transactionId, providerRef } = ref;
    let session = transactionId ? await this.deps.sessions.findByTransactionId(transactionId as TransactionId) : null;
    if (session && !holdsOperationOf(session, providerId, transactionId)) session = null;
    if (!session && providerRef) session = await this.deps.sessions.findByProviderRef(providerId, providerRef);
    return session ?? undefined;
  }
}

function reverses(fact: VerdictFact): boolean {
  return (fact.kind === 'captured' || fact.kind === 'refunded') && fact.reverses === true;
}

/** Whether the operation a reversal names (by our id, else by the PSP's reference) is still a success here. */
function stillSucceeded(session: Session, fact: VerdictFact): boolean {
  const type = fact.kind === 'captured' ? 'capture' : 'refund';
  const all = session.attempts.flatMap((a) => a.transactions);
  const named = all.find((t) => t.id === fact.ref.transactionId) ?? all.find((t) => t.type === type && t.providerRef !== undefined && t.providerRef === (fact.ref.providerRef ?? fact.providerRef));
  return named?.status.kind === 'succeeded';
}

/**
 * The session the reader's look-ups already found for `ref`, as `locate` would find it (by our
 * transaction id, or by the PSP's reference when the ref names no transaction id), taken out so that
 * a second verdict of the notification reads the session its first one wrote. The session may have
 * changed since it was read: the write's version check reads it again then.
 */
function takeLocated(located: Set<Session>, providerId: string, ref: OperationRef): Session | undefined {
  const { transactionId, providerRef } = ref;
  for (const session of located) {
    const holds = transactionId
      ? holdsOperationOf(session, providerId, transactionId)
      : providerRef !== undefined && session.attempts.some((a) => a.provider === providerId && a.transactions.some((t) => t.providerRef === providerRef));
    if (!holds) continue;
    located.delete(session);
    return session;
  }
  return undefined;
}

/** An authenticated PSP only speaks of its own operations. */
function holdsOperationOf(session: Session, providerId: string, transactionId: string | undefined): boolean {
  return session.attempts.some((a) => a.provider === providerId && a.transactions.some((t) => t.id === transactionId));
}
