/** Position in a newest-first listing: createdAt descending, then id descending. */
export interface KeysetPosition {
  readonly createdAt: number;
  readonly id: string;
}

export interface Page<T> {
  readonly items: readonly T[];
  /** Position of the last item when more items may follow; absent on the last page. */
  readonly next?: KeysetPosition;
}

/** Common search bounds: createdAt window (from inclusive, to exclusive), keyset position, page size. */
export interface SearchWindow {
  readonly from?: number;
  readonly to?: number;
  readonly after?: KeysetPosition;
  readonly limit: number;
}
