import {
  buildChargebackPayload,
  chargebackNotificationId,
  chargebackTarget,
  openDelivery,
  type Chargeback,
  type ChargebackRepository,
  type Clock,
  type Logger,
  type MerchantAccountRepository,
  type PspFact,
  type SessionRepository,
  type TransactionId,
} from '@splitpay/domain';
import type { NotificationScope } from '../psp/notification-scope';

/** A chargeback as a PSP driver normalized it. */
export type ChargebackFact = Extract<PspFact, { readonly kind: 'chargeback' }>;

/**
 * What became of a chargeback fact.
 * - `recorded`: stored; `delivery` says whether a message is owed (the account declares a chargeback address).
 * - `duplicate`: the PSP resent one already stored (same notificationId): nothing new, no second message.
 * - `unattached`: no operation of any merchant's carries that reference at that provider: nothing stored or sent.
 * - `foreign`: the operation it names is outside the contracts that authenticated its notification (D80): nothing stored or sent.
 */
export type ChargebackReceipt =
  | { readonly kind: 'recorded'; readonly notificationId: string; readonly delivery: 'owed' | 'no-address' }
  | { readonly kind: 'duplicate'; readonly notificationId: string }
  | { readonly kind: 'unattached' }
  | { readonly kind: 'foreign' };

export interface ChargebackIntakeDeps {
  readonly sessions: SessionRepository;
  readonly chargebacks: ChargebackRepository;
  readonly merchants: MerchantAccountRepository;
  readonly clock: Clock;
  readonly logger: Logger;
}

/**
 * The chargeback intake the PSP notification intake hands `chargeback` facts to. Attaches the fact to
 * the exact transaction by provider reference (else by our transaction id, when the PSP echoed it),
 * stores it once under its notificationId (a unique key: concurrent duplicates store one), and owes a
 * message when the account declares a chargeback address.
 * It never touches the session: status, captured and refundable stay as they are.
 */
export class ChargebackIntake {
  constructor(private readonly deps: ChargebackIntakeDeps) {}

  /** `scope`: the operations the notification carrying the fact may act on (the notification intake's); absent, any. */
  async receive(fact: ChargebackFact, provider: string, scope?: Pick<NotificationScope, 'admits'>): Promise<ChargebackReceipt> {
    // By the PSP's reference; else by our transaction id when the PSP echoed it (and named no operation we recorded).
    const session =
      (await this.deps.sessions.findByProviderRef(provider, fact.providerRef)) ??
      (fact.transactionId !== undefined ? await this.deps.sessions.findByTransactionId(fact.transactionId as TransactionId) : null);
    const target = session ? chargebackTarget(session, provider, fact.providerRef, fact.transactionId) : undefined;
    if (!session || !target) {
      this.deps.logger.warn('chargeback.unattached', { provider, providerRef: fact.providerRef });
      return { kind: 'unattached' };
    }
    if (scope && !scope.admits(session, target.attempt)) return { kind: 'foreign' };

    const earlier = await this.storedBeforeDisputesWereNamed(fact, provider);
    if (earlier) {
      this.deps.logger.info('chargeback.duplicate', { notificationId: earlier, merchantId: session.merchantId, provider });
      return { kind: 'duplicate', notificationId: earlier };
    }

    const now = this.deps.clock.now();
    const notificationId = chargebackNotificationId(fact);
    const account = await this.deps.merchants.findById(session.merchantId);
    const base: Chargeback = {
      notificationId,
      merchantId: session.merchantId,
      sessionId: session.id,
      attemptId: target.attempt.id,
      transactionId: target.transaction.id,
      orderId: session.orderId,
      type: fact.type,
      amount: fact.amount,
      provider,
      providerRef: fact.providerRef,
      ...(fact.reasonCode !== undefined ? { reasonCode: fact.reasonCode } : {}),
      ...(fact.status !== undefined ? { status: fact.status } : {}),
      date: fact.date,
      ...(fact.validUntil !== undefined ? { validUntil: fact.validUntil } : {}),
      receivedAt: now,
      version: 1,
    };
    const url = account?.chargebackUrl;
    const chargeback: Chargeback = url
      ? { ...base, delivery: openDelivery({ url, notificationId, payload: buildChargebackPayload(base) }, now), dueAt: now }
      : base;

    const stored = await this.deps.chargebacks.insertIfAbsent(chargeback);
    const fields = { notificationId, merchantId: session.merchantId, provider };
    if (stored === 'duplicate') {
      this.deps.logger.info('chargeback.duplicate', fields);
      return { kind: 'duplicate', notificationId };
    }
    this.deps.logger.info('chargeback.recorded', { ...fields, delivery: url ? 'owed' : 'no-address' });
    return { kind: 'recorded', notificationId, delivery: url ? 'owed' : 'no-address' };
  }

  /**
   * A dispute stored before its driver named it (D141, D153-b) is kept under the provider reference's
   * id: when its next event names the dispute, it is that one resent, not a second message.
   */
  private async storedBeforeDisputesWereNamed(fact: ChargebackFact, provider: string): Promise<string | undefined> {
    if (fact.disputeRef === undefined) return undefined;
    const unnamed = chargebackNotificationId({ ...fact, disputeRef: undefined });
    const stored = await this.deps.chargebacks.findByNotificationId(unnamed);
    return stored?.provider === provider ? unnamed : undefined;
  }
}
