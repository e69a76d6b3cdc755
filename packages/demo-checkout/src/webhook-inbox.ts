/** What the inbox keeps of a webhook: a summary for the page, never the body (card aliases stay out). */
export interface InboxEntry {
  readonly receivedAt: number;
  readonly event: string;
  readonly orderId?: string;
  readonly status?: string;
  readonly total?: { readonly amount: number; readonly currency: string };
  readonly captured?: { readonly amount: number; readonly currency: string };
}

function money(value: unknown): InboxEntry['total'] {
  const m = value as { amount?: unknown; currency?: unknown } | undefined;
  return m && typeof m.amount === 'number' && typeof m.currency === 'string' ? { amount: m.amount, currency: m.currency } : undefined;
}

/**
 * The demo merchant's webhook inbox, in memory and bounded (newest first). Its work is keyed on
 * notificationId, as a receiver's must be: a message delivered again (a retry after a lost OK, an
 * operator's replay) is taken once, while the orderId is not a key (one order can end twice).
 */
export class WebhookInbox {
  private readonly entries: InboxEntry[] = [];
  private readonly taken = new Map<string, InboxEntry>();

  constructor(private readonly max = 200) {}

  receive(payload: unknown, now: number): InboxEntry {
    const p = (payload ?? {}) as Record<string, unknown>;
    const notificationId = typeof p.notificationId === 'string' ? p.notificationId : undefined;
    const known = notificationId === undefined ? undefined : this.taken.get(notificationId);
    if (known) return known;
    const total = money(p.total);
    const captured = money(p.captured);
    const entry: InboxEntry = {
      receivedAt: now,
      event: typeof p.event === 'string' ? p.event : 'unknown',
      ...(typeof p.orderId === 'string' ? { orderId: p.orderId } : {}),
      ...(typeof p.status === 'string' ? { status: p.status } : {}),
      ...(total ? { total } : {}),
      ...(captured ? { captured } : {}),
    };
    this.entries.unshift(entry);
    if (notificationId !== undefined) this.taken.set(notificationId, entry);
    for (const dropped of this.entries.splice(this.max)) this.forget(dropped);
    return entry;
  }

  private forget(entry: InboxEntry): void {
    for (const [id, kept] of this.taken) if (kept === entry) this.taken.delete(id);
  }

  list(orderId?: string): readonly InboxEntry[] {
    return orderId === undefined ? [...this.entries] : this.entries.filter((e) => e.orderId === orderId);
  }
}
