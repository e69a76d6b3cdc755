import type { StartBody } from '../client/elements-client';

/**
 * The idempotency-key of a press of Pay (D91). A start whose answer was lost may have been made: the
 * press sent again with the same method, amount, plan and typed card carries the same key, and the service
 * answers the attempt it made; a card typed again differently is another payment, with a new key (D102-e).
 * An acquirer's token is new at each tokenize and is not compared (its fields' card cannot be seen here):
 * the fields' edition is, which grows when they are mounted afresh or tell that the payer typed (D111-c).
 * Any answer from the service, or a view showing the attempt, ends the press.
 * The key only tells this session's presses apart (the elements token is the credential): the time and
 * a random part are enough.
 */
export class StartPress {
  private _pending: { readonly key: string; readonly what: string } | undefined;

  /** The key for a start of `body` (`edits`: the hosted card fields' edition): the unanswered press's own when it is sent again, else a new one. */
  _keyFor(body: StartBody, edits = 0): string {
    // Held in memory only, like the card fields it repeats; never sent nor kept beyond the press.
    const input = body.input && 'token' in body.input ? { ...body.input, token: edits } : body.input;
    const what = JSON.stringify([body.methodId, body.amount, body.plan, input]);
    if (this._pending?.what !== what) this._pending = { key: Date.now().toString(36) + Math.random().toString(36).slice(2), what };
    return this._pending.key;
  }

  /** The service answered the press (or the view shows what it made): the next press is another payment. */
  _answered(): void {
    this._pending = undefined;
  }
}
