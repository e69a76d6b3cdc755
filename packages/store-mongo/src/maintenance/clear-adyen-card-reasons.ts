import type { StoreCollections } from '../collections';
import type { SessionDocument } from '../documents/session.document';
import { withoutAdyenCardReasons } from './adyen-card-reason';

const BATCH = 100;

const PROJECTION = { attempts: 1, notification: 1, version: 1 } as const;

type Row = Pick<SessionDocument, '_id' | 'attempts' | 'notification' | 'version'>;

/** What a clearing found (and, unless a dry run, cleared). */
export interface CardReasonClearing {
  /** Sessions holding an Adyen attempt, read. */
  readonly sessions: number;
  /** Sessions that held a card reason (rewritten, unless a dry run). */
  readonly cleared: number;
  /** Their operations whose `statusMessage` was one. */
  readonly operations: number;
  /** Their session-ended messages' operations whose `statusMessage` was one. */
  readonly messageOperations: number;
}

/**
 * The one-off clearing of D125-a (`npm run ops -- clear-adyen-auth-reason`): every session holding an
 * Adyen attempt is read (keyset on `_id`), and one still holding a card reason (adyen-card-reason.ts)
 * is rewritten without it, its `version` raised, guarded by the version it was read at: a service
 * instance holding the older version has its save refused and reads it again, and a session the
 * service saved meanwhile is read again here. `updatedAt` stays: nothing the payer or the merchant did
 * changed. A second run finds nothing.
 */
export class AdyenCardReasonClearing {
  constructor(private readonly collections: Pick<StoreCollections, 'sessions'>) {}

  async run(options: { readonly dryRun?: boolean } = {}): Promise<CardReasonClearing> {
    let sessions = 0;
    let cleared = 0;
    let operations = 0;
    let messageOperations = 0;
    // Every session id is a non-empty string: the range on `_id` walks its index from the start.
    let after = '';
    for (;;) {
      const rows = (await this.collections.sessions
        .find({ _id: { $gt: after }, 'attempts.provider': 'adyen' }, { projection: PROJECTION })
        .sort({ _id: 1 })
        .limit(BATCH)
        .toArray()) as Row[];
      for (const row of rows) {
        sessions++;
        const done = options.dryRun ? withoutAdyenCardReasons(row) : await this.clear(row);
        if (!done || done.operations + done.messageOperations === 0) continue;
        cleared++;
        operations += done.operations;
        messageOperations += done.messageOperations;
      }
      if (rows.length < BATCH) return { sessions, cleared, operations, messageOperations };
      after = rows[rows.length - 1]!._id;
    }
  }

  /** Rewrites `row` without its card reasons, reading it again as long as another write wins. */
  private async clear(row: Row): Promise<ReturnType<typeof withoutAdyenCardReasons> | undefined> {
    for (let current: Row | null = row; current; ) {
      const done = withoutAdyenCardReasons(current);
      if (done.operations + done.messageOperations === 0) return done;
      const $set = {
        attempts: done.attempts,
        ...(done.messageOperations > 0 ? { notification: done.notification } : {}),
        version: current.version + 1,
      };
      const result = await this.collections.sessions.updateOne({ _id: current._id, version: current.version }, { $set } as never);
      if (result.matchedCount === 1) return done;
      current = (await this.collections.sessions.findOne({ _id: current._id }, { projection: PROJECTION })) as Row | null;
    }
    return undefined;
  }
}
