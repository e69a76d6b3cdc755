/**
 * The idempotency keys of the page's refunds, kept for the page's life: one per tranche and amount
 * until an answer settles it. A refund whose answer was lost is sent again, from a reopened form too,
 * with its first key, so the service answers the refund it made instead of making a second one. Keyed
 * by the tranche (the service scopes keys to the attempt), so the tranche's refund and its operation's
 * refund of the same amount are one refund.
 */
export class RefundKeys {
  private readonly held = new Map<string, string>();

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(attemptId: string, amount: number | undefined): string {
    const slot = slotOf(attemptId, amount);
    let key = this.held.get(slot);
    if (key === undefined) {
      key = this.newKey();
      this.held.set(slot, key);
    }
    return key;
  }

  /** An accepted refund spends its key: a later refund of the same amount is another refund. */
  spend(attemptId: string, amount: number | undefined): void {
    this.held.delete(slotOf(attemptId, amount));
  }
}

const slotOf = (attemptId: string, amount: number | undefined): string => `${attemptId}|${amount ?? 'all'}`;
