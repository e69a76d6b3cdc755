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

/** The demo merchant's webhook inbox, in memory and bounded (newest first). */
export class WebhookInbox {
  private readonly entries: InboxEntry[] = [];

  constructor(private readonly max = 200) {}

  receive(payload: unknown, now: number): InboxEntry {
    const p = (payload ?? {}) as Record<string, unknown>;
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
    this.entries.length = Math.min(this.entries.length, this.max);
    return entry;
  }

  list(orderId?: string): readonly InboxEntry[] {
    return orderId === undefined ? [...this.entries] : this.entries.filter((e) => e.orderId === orderId);
  }
}
