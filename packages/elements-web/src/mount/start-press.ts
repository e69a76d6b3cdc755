import type { StartBody } from '../client/elements-client';

/**
 * The idempotency-key of a press of Pay (D90). A start whose answer was lost may have been made: the
 * press sent again with the same method, amount and plan carries the same key, and the service answers
 * the attempt it made. Any answer from the service, or a view showing the attempt, ends the press.
 */
export class StartPress {
  private pending: { readonly key: string; readonly what: string } | undefined;

  constructor(private readonly random: (bytes: Uint8Array) => Uint8Array) {}

  /** The key for a start of `body`: the unanswered press's own when it is sent again, else a new one. */
  keyFor(body: StartBody): string {
    const what = JSON.stringify([body.methodId, body.amount, body.plan?.installments, body.plan?.withFees]);
    if (this.pending?.what !== what) this.pending = { key: hex(this.random(new Uint8Array(16))), what };
    return this.pending.key;
  }

  /** The service answered the press (or the view shows what it made): the next press is another payment. */
  answered(): void {
    this.pending = undefined;
  }
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
