import { contractIdOf, findOffer, type Attempt, type MerchantAccount, type OperationRef, type Session } from '@splitpay/domain';
import { contractOf } from './contract-settings';

/**
 * The operations one notification may act on (docs/decisions.md D80): once its reader authenticated it
 * with a merchant's contract settings, only the operations of that merchant served by that contract.
 * A notification whose reader borrowed no settings (a PSP signing with a platform secret) is not
 * restricted: that PSP speaks of its own operations only.
 */
export class NotificationScope {
  /** By merchant: the account the settings were read from, and the ids of the contracts lent ('' for none). */
  private readonly lent = new Map<string, { account: MerchantAccount | null; contracts: Set<string> }>();

  /** Records that the reader was lent the settings serving `attempt` of `session`. */
  lend(session: Session, attempt: Pick<Attempt, 'methodId'>, account: MerchantAccount | null): void {
    const entry = this.lent.get(session.merchantId) ?? { account, contracts: new Set<string>() };
    entry.contracts.add(contractKey(session, attempt, account));
    this.lent.set(session.merchantId, entry);
  }

  /** Whether the reader authenticated the notification with some contract's settings. */
  get restricted(): boolean {
    return this.lent.size > 0;
  }

  /** Whether a fact may act on `attempt` of `session`: always when unrestricted, else only under a lent contract of its merchant. */
  admits(session: Session, attempt: Pick<Attempt, 'methodId'>): boolean {
    if (!this.restricted) return true;
    const entry = this.lent.get(session.merchantId);
    return entry !== undefined && entry.contracts.has(contractKey(session, attempt, entry.account));
  }

  /** `admits` for the attempt of `session` holding the operation `ref` names; an operation the session does not hold is never admitted by a restricted scope. */
  admitsOperation(session: Session, providerId: string, ref: OperationRef): boolean {
    if (!this.restricted) return true;
    const attempt = attemptHolding(session, providerId, ref);
    return attempt !== undefined && this.admits(session, attempt);
  }
}

/** The attempt of `session` at `providerId` holding the operation `ref` names: by our transaction id first, else by the PSP's reference. */
export function attemptHolding(session: Session, providerId: string, ref: OperationRef): Attempt | undefined {
  const ours = session.attempts.filter((a) => a.provider === providerId);
  const byId = ref.transactionId === undefined ? undefined : ours.find((a) => a.transactions.some((t) => t.id === ref.transactionId));
  return byId ?? (ref.providerRef === undefined ? undefined : ours.find((a) => a.transactions.some((t) => t.providerRef === ref.providerRef)));
}

function contractKey(session: Session, attempt: Pick<Attempt, 'methodId'>, account: MerchantAccount | null): string {
  const offer = findOffer(session, attempt.methodId);
  const contract = offer ? contractOf(account, offer) : undefined;
  return contract ? contractIdOf(contract) : '';
}
