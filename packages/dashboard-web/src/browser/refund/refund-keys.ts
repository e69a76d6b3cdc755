/** The part of Web Storage the keys use (localStorage in the page: every tab of the dashboard shares it). */
export interface KeyShelf {
  getItem(name: string): string | null;
  setItem(name: string, value: string): void;
  removeItem(name: string): void;
}

const SHELF_PREFIX = 'splitpay.dashboard.refundKey';

/**
 * The idempotency keys of the page's refunds: one per tranche and amount until an answer settles it. A
 * refund whose answer was lost is sent again, from a reopened form too, with its first key, so the
 * service answers the refund it made instead of making a second one. Keyed by the tranche (the service
 * scopes keys to the attempt), so the tranche's refund and its operation's refund of the same amount
 * are one refund. A key whose answer was unclear is kept on the shelf, under the signed-in merchant, so
 * the same refund tried from another tab is the same refund too (D103-g); only keys go there, never a
 * token nor anything personal, and a spent key leaves it.
 */
export class RefundKeys {
  private readonly held = new Map<string, string>();

  constructor(
    private readonly newKey: () => string = () => crypto.randomUUID(),
    private readonly shelf?: KeyShelf,
    /** The merchant signed in (no personal data: the shelf outlives the sign-in); undefined: nothing is shelved. */
    private readonly scope: () => string | undefined = () => undefined,
  ) {}

  keyFor(attemptId: string, amount: number | undefined): string {
    const slot = slotOf(attemptId, amount);
    let key = this.shelved(slot) ?? this.held.get(slot);
    if (key === undefined) {
      key = this.newKey();
      this.held.set(slot, key);
    }
    return key;
  }

  /** The answer was unclear: the key moves to the shelf every tab reads, and is spent there by whichever settles it. */
  keep(attemptId: string, amount: number | undefined): void {
    const slot = slotOf(attemptId, amount);
    const key = this.held.get(slot);
    const name = this.shelfName(slot);
    if (key === undefined || name === undefined) return;
    try {
      this.shelf?.setItem(name, key);
      this.held.delete(slot);
    } catch {
      // Storage refused (full, disabled): the key stays this page's, as before.
    }
  }

  /** An accepted refund spends its key: a later refund of the same amount is another refund. */
  spend(attemptId: string, amount: number | undefined): void {
    const slot = slotOf(attemptId, amount);
    this.held.delete(slot);
    const name = this.shelfName(slot);
    if (name === undefined) return;
    try {
      this.shelf?.removeItem(name);
    } catch {
      // Nothing was shelved where storage is refused.
    }
  }

  private shelved(slot: string): string | undefined {
    const name = this.shelfName(slot);
    if (name === undefined) return undefined;
    try {
      return this.shelf?.getItem(name) ?? undefined;
    } catch {
      return undefined;
    }
  }

  private shelfName(slot: string): string | undefined {
    const scope = this.shelf ? this.scope() : undefined;
    return scope === undefined ? undefined : `${SHELF_PREFIX}|${scope}|${slot}`;
  }
}

const slotOf = (attemptId: string, amount: number | undefined): string => `${attemptId}|${amount ?? 'all'}`;

/** Web Storage as the page has it: the shelf, and its names to walk. */
export interface ListedShelf extends KeyShelf {
  readonly length: number;
  key(index: number): string | null;
}

/**
 * Keys shelved by earlier pages were named by the contact's e-mail too
 * (`prefix|merchant|email|attempt|amount`): renamed without it, so an unclear refund tried again is
 * still the same refund and no e-mail stays in the browser (D103-g).
 */
export function unnameLegacyRefundKeys(storage: ListedShelf): void {
  try {
    const legacy: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i);
      if (name?.startsWith(`${SHELF_PREFIX}|`) && name.split('|').length >= 5) legacy.push(name);
    }
    for (const name of legacy) {
      const parts = name.split('|');
      const [merchant, attempt, amount] = [parts[1], parts[parts.length - 2], parts[parts.length - 1]];
      const key = storage.getItem(name);
      storage.removeItem(name);
      if (key !== null) storage.setItem(`${SHELF_PREFIX}|${merchant}|${attempt}|${amount}`, key);
    }
  } catch {
    // Storage refused: nothing was shelved there.
  }
}
