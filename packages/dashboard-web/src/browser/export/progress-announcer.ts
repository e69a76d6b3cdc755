/** How often a long export's progress is said aloud: every this many pages, or after this long. */
export const ANNOUNCE_EVERY_PAGES = 10;
export const ANNOUNCE_EVERY_MS = 2_000;

/**
 * Decides which pages of an export are announced in the live region: one every tenth page, or the
 * first page once 2 s have passed since the last announcement, whichever comes first. A screen reader
 * told of each of 100 pages would talk over everything else (D62). The count counts from creation,
 * which is when the start is announced.
 */
export class ProgressAnnouncer {
  private lastAt: number;
  private pagesSince = 0;

  constructor(private readonly now: () => number) {
    this.lastAt = now();
  }

  /** Called after each page read: true when this page's progress is to be announced. */
  page(): boolean {
    this.pagesSince += 1;
    const at = this.now();
    if (this.pagesSince < ANNOUNCE_EVERY_PAGES && at - this.lastAt < ANNOUNCE_EVERY_MS) return false;
    this.pagesSince = 0;
    this.lastAt = at;
    return true;
  }
}
