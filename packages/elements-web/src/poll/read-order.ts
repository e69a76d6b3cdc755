/**
 * Which answered views the page may draw. The elements view carries no version, so views are ordered
 * by when their request left (D73): an answer to a request sent before the one whose view is shown is
 * older than it, and is dropped. A poll still in flight when an action's view is drawn is dropped as
 * well: the service may have read the session before the action changed it.
 */
export type ReadKind = 'poll' | 'action';

/** An answer with the number its request left with. */
export interface NumberedRead {
  readonly read: number;
}

export class ReadOrder {
  private lastSent = 0;
  private shown = 0;
  /** Polls numbered up to this one left before an action's view was drawn. */
  private pollsStaleUpTo = 0;

  /** A request answering a view leaves now: its number. */
  sent(): number {
    this.lastSent += 1;
    return this.lastSent;
  }

  /** The answer to request `read` came back: true when its view may be drawn, which then is the one shown. */
  draws(read: number, kind: ReadKind): boolean {
    if (read < this.shown) return false;
    if (kind === 'poll' && read <= this.pollsStaleUpTo) return false;
    this.shown = read;
    if (kind === 'action') this.pollsStaleUpTo = this.lastSent;
    return true;
  }
}
