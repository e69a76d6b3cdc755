/**
 * Which answered views the page may draw. A view carries its revision, the session's stored version
 * (D85): a lower revision than the view shown is older and dropped, a higher one is newer and drawn
 * whenever its request left. Between equal revisions, or when either view has none (a service of
 * before D85, in a rolling deploy), views are ordered by when their request left (D73): an answer to a
 * request sent before the one whose view is shown is dropped, and so is a poll still in flight when an
 * action's view was drawn (the service may have read the session before the action changed it).
 */
export type ReadKind = 'poll' | 'action';

/** An answer with the number its request left with. */
export interface NumberedRead {
  readonly read: number;
}

export class ReadOrder {
  private _lastSent = 0;
  private _shown = 0;
  private _shownRevision: number | undefined;
  /** Polls numbered up to this one left before an action's view was drawn. */
  private _pollsStaleUpTo = 0;

  /** A request answering a view leaves now: its number. */
  _sent(): number {
    this._lastSent += 1;
    return this._lastSent;
  }

  /**
   * The answer to request `read`, its view at `revision`, came back: true when its view may be drawn,
   * which then is the one shown.
   */
  _draws(read: number, kind: ReadKind, revision?: number): boolean {
    // Above 0 newer, below 0 older; 0 when equal or either is unknown: the send order decides.
    const ahead = revision === undefined || this._shownRevision === undefined ? 0 : revision - this._shownRevision;
    if (ahead < 0) return false;
    if (ahead === 0 && (read < this._shown || (kind === 'poll' && read <= this._pollsStaleUpTo))) return false;
    this._shown = read;
    this._shownRevision = revision;
    if (kind === 'action') this._pollsStaleUpTo = this._lastSent;
    return true;
  }
}
