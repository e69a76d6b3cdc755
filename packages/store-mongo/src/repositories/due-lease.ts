import type { FindOneAndUpdateOptionsPort } from '../collection.port';

/*
 * How the workers claim a document by its due time under a lease (a session, a chargeback): the
 * arguments of the one findOneAndUpdate and the one updateOne, for each repository's own collection.
 */

type DueField = 'dueAt' | 'notificationDueAt';
type DueUnleased = { [field in DueField]?: { $lte: number } } & { $or: [{ lease: { $exists: false } }, { 'lease.until': { $lte: number } }] };
type LeaseTaken = { $set: { lease: { owner: string; until: number } } };

/**
 * The claim of the earliest document due by `now` (on `field`, dueAt unless told) whose lease is free
 * or has lapsed, leased to `owner` for `leaseMs`; answered as claimed.
 */
export function claimOfEarliestDue(now: number, owner: string, leaseMs: number, field: DueField = 'dueAt'): [DueUnleased, LeaseTaken, FindOneAndUpdateOptionsPort] {
  return [
    { [field]: { $lte: now }, $or: [{ lease: { $exists: false } }, { 'lease.until': { $lte: now } }] },
    { $set: { lease: { owner, until: now + leaseMs } } },
    { sort: { [field]: 1 }, returnDocument: 'after' },
  ];
}

/** The renewal of `owner`'s lease on document `id` until now + leaseMs, if `owner` still holds it. */
export function renewalOfLease(id: string, owner: string, now: number, leaseMs: number): [{ _id: string; 'lease.owner': string }, LeaseTaken] {
  return [{ _id: id, 'lease.owner': owner }, { $set: { lease: { owner, until: now + leaseMs } } }];
}

/** The release of the lease on document `id`, if `owner` still holds it. */
export function releaseOfLease(id: string, owner: string): [{ _id: string; 'lease.owner': string }, { $unset: { lease: '' } }] {
  return [{ _id: id, 'lease.owner': owner }, { $unset: { lease: '' } }];
}
