import type { Session, SessionId, SessionRepository } from '@splitpay/domain';
import { aSession, anAttempt, aTransaction, nextVersion, T0 } from './fixtures';
import { itNeeding, useFreshStore, type ContractEngine } from './harness';

/** Every write and read of SessionRepository except the searches, leases included. */
export function sessionRepositoryContract(engine: ContractEngine): void {
  describe(`SessionRepository on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const sessions = () => store().stores.sessions;

    const richSession = (): Session => {
      const authorization = aTransaction({ providerRef: 'psp-auth-1', status: { kind: 'succeeded', statusCode: '00' } });
      const capture = aTransaction({ type: 'capture', providerRef: 'psp-cap-1', dispatch: { state: 'owed', tries: 0, nextAt: T0 + 5 } });
      const attempt = anAttempt({
        status: 'AUTHORIZED',
        cardScheme: 'visa',
        redirect: { kind: 'form', url: 'https://psp.example/3ds', params: { PaReq: 'x', 'odd.name': 'y', $dollar: 'z' } },
        pageAction: { kind: 'hosted-fields', action: { type: 'threeDS2', subtype: 'challenge', 'odd.name': 'y', $dollar: { nested: ['z', 1] } }, resultFields: ['threeDSResult', 'odd.name'] },
        transactions: [authorization, capture],
      });
      return aSession({
        attempts: [attempt],
        dueAt: T0 + 5,
        notification: { url: 'https://merchant.example/hook', delivery: { url: 'https://merchant.example/hook', notificationId: 'n1', payload: { event: 'session-ended', nested: { a: [1, 2] } }, failures: 0, abandoned: false, nextAttemptAt: T0 } },
        terms: [{ label: 'CGV', url: 'https://merchant.example/cgv' }],
        customer: { email: 'payer@example.com', firstName: 'Ada' },
      });
    };

    it('stores a session and reads it back exactly as given, by every key', async () => {
      const session = richSession();
      await sessions().insert(session);
      const attempt = session.attempts[0]!;
      expect(await sessions().findById(session.id)).toEqual(session);
      expect(await sessions().findByElementsTokenHash(session.elementsTokenHash)).toEqual(session);
      expect(await sessions().findByAttemptId(attempt.id)).toEqual(session);
      expect(await sessions().findByTransactionId(attempt.transactions[1]!.id)).toEqual(session);
      expect(await sessions().findByProviderRef('fake', 'psp-cap-1')).toEqual(session);
    });

    it('answers null for what does not exist, and for a provider reference of another provider', async () => {
      const session = richSession();
      await sessions().insert(session);
      expect(await sessions().findByProviderRef('other-psp', 'psp-cap-1')).toBeNull();
      expect(await sessions().findById(aSession().id)).toBeNull();
      expect(await sessions().findByElementsTokenHash('0'.repeat(64))).toBeNull();
      expect(await sessions().findByAttemptId(anAttempt().id)).toBeNull();
      expect(await sessions().findByTransactionId(aTransaction().id)).toBeNull();
    });

    it('refuses a second session with the same id or elements token hash (E11000)', async () => {
      const session = richSession();
      await sessions().insert(session);
      await expect(sessions().insert(aSession({ id: session.id }))).rejects.toMatchObject({ code: 11000 });
      await expect(sessions().insert(aSession({ elementsTokenHash: session.elementsTokenHash }))).rejects.toMatchObject({ code: 11000 });
      // Sessions without attempts do not collide on the attempt and transaction indexes.
      await sessions().insert(aSession());
      await sessions().insert(aSession());
    });

    itNeeding(engine, 'unique-array-keys')('refuses a second session holding a transaction id already stored (E11000)', async () => {
      const session = richSession();
      await sessions().insert(session);
      const stolen = anAttempt({ transactions: [session.attempts[0]!.transactions[0]!] });
      await expect(sessions().insert(aSession({ attempts: [stolen] }))).rejects.toMatchObject({ code: 11000 });
      await sessions().insert(aSession());
    });

    it('refuses to insert a session at another version than 1', async () => {
      await expect(sessions().insert(aSession({ version: 2 }))).rejects.toThrow(/version 1/);
    });

    it('saves over the version read and reports a conflict to a writer that read an older one', async () => {
      const v1 = aSession();
      await sessions().insert(v1);
      const first = nextVersion(v1, { status: 'ABORTING' });
      const second = nextVersion(v1, { status: 'EXPIRING' });
      expect(await sessions().save(first, { expectedVersion: 1 })).toBe('saved');
      expect(await sessions().save(second, { expectedVersion: 1 })).toBe('conflict');
      expect(await sessions().findById(v1.id)).toEqual(first);
    });

    it('lets exactly one of many concurrent writers of one version win', async () => {
      const v1 = aSession();
      await sessions().insert(v1);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) => sessions().save(nextVersion(v1, { orderId: `o-${i}` }), { expectedVersion: 1 })),
      );
      expect(results.filter((r) => r === 'saved')).toHaveLength(1);
      expect((await sessions().findById(v1.id))?.version).toBe(2);
    });

    it('removes on save the fields the new value no longer has', async () => {
      const v1 = richSession();
      await sessions().insert(v1);
      const { dueAt: _dueAt, customer: _customer, ...rest } = v1;
      const v2: Session = { ...rest, version: 2, updatedAt: T0 + 1, endedAt: T0 + 1, status: 'ABORTED' };
      expect(await sessions().save(v2, { expectedVersion: 1 })).toBe('saved');
      const stored = await sessions().findById(v1.id);
      expect(stored).toEqual(v2);
      expect(stored).not.toHaveProperty('dueAt');
      expect(stored).not.toHaveProperty('customer');
    });

    it('never stores a field left undefined, at the top or deep inside, on insert and on save', async () => {
      const base = richSession();
      const attempt = base.attempts[0]!;
      const v1: Session = {
        ...base,
        customer: { email: 'payer@example.com', firstName: undefined },
        attempts: [{ ...attempt, cardScheme: undefined, transactions: attempt.transactions.map((t) => ({ ...t, status: { ...t.status, statusMessage: undefined } })) as typeof attempt.transactions }],
        dueAt: undefined,
      };
      await sessions().insert(v1);
      const inserted = (await store().collections.sessions.findOne({ _id: v1.id })) as unknown as Record<string, unknown>;
      expect(Object.keys(inserted)).not.toContain('dueAt');
      expect(Object.keys(inserted.customer as object)).toEqual(['email']);
      const storedAttempt = (inserted.attempts as Record<string, unknown>[])[0]!;
      expect(Object.keys(storedAttempt)).not.toContain('cardScheme');
      expect((storedAttempt.transactions as { status: object }[]).map((t) => Object.keys(t.status))).toEqual([['kind', 'statusCode'], ['kind']]);

      const v2 = nextVersion(v1, { customer: { email: 'payer@example.com', lastName: undefined } });
      expect(await sessions().save(v2, { expectedVersion: 1 })).toBe('saved');
      const saved = (await store().collections.sessions.findOne({ _id: v1.id })) as unknown as Record<string, unknown>;
      expect(saved.customer).toStrictEqual({ email: 'payer@example.com' });
      expect(Object.keys(saved)).not.toContain('dueAt');
      expect(await sessions().findById(v1.id)).toEqual(v2);
    });

    it('refuses a save whose version is not one more than the expected one', async () => {
      const v1 = aSession();
      await sessions().insert(v1);
      await expect(sessions().save({ ...v1, version: 3 }, { expectedVersion: 1 })).rejects.toThrow(/must be one more/);
    });

    it('keeps references and attempts findable after a save that adds them', async () => {
      const v1 = aSession();
      await sessions().insert(v1);
      const attempt = anAttempt({ transactions: [aTransaction({ providerRef: 'late-ref' })] });
      await sessions().save(nextVersion(v1, { attempts: [attempt] }), { expectedVersion: 1 });
      expect((await sessions().findByAttemptId(attempt.id))?.id).toBe(v1.id);
      expect((await sessions().findByTransactionId(attempt.transactions[0]!.id))?.id).toBe(v1.id);
      expect((await sessions().findByProviderRef('fake', 'late-ref'))?.id).toBe(v1.id);
    });
  });
}

/** Leases: claimDue, save with leaseOwner, renewLease, releaseLease, between instances sharing one store. */
export function sessionLeaseContract(engine: ContractEngine): void {
  describe(`SessionRepository leases on ${engine.name}`, () => {
    const store = useFreshStore(engine);
    const sessions = () => store().stores.sessions;
    const LEASE = 30_000;

    it('claims only due sessions, the earliest due first', async () => {
      const late = aSession({ dueAt: T0 + 10 });
      const early = aSession({ dueAt: T0 + 5 });
      const future = aSession({ dueAt: T0 + 100 });
      const idle = aSession();
      for (const s of [late, early, future, idle]) await sessions().insert(s);
      const first = await sessions().claimDue(T0 + 50, 'w1', LEASE);
      expect(first?.id).toBe(early.id);
      expect(first?.lease).toEqual({ owner: 'w1', until: T0 + 50 + LEASE });
      expect((await sessions().claimDue(T0 + 50, 'w1', LEASE))?.id).toBe(late.id);
      expect(await sessions().claimDue(T0 + 50, 'w1', LEASE)).toBeNull();
    });

    it('claims a due session-ended message on its own instant, earliest first, under the one lease', async () => {
      const late = aSession({ notificationDueAt: T0 + 10 });
      const early = aSession({ notificationDueAt: T0 + 5 });
      const turnDue = aSession({ dueAt: T0 });
      const future = aSession({ notificationDueAt: T0 + 100 });
      for (const s of [late, early, turnDue, future]) await sessions().insert(s);
      const first = await sessions().claimNotificationDue(T0 + 50, 'w1', LEASE);
      expect(first?.id).toBe(early.id);
      expect(first?.lease).toEqual({ owner: 'w1', until: T0 + 50 + LEASE });
      expect((await sessions().claimNotificationDue(T0 + 50, 'w1', LEASE))?.id).toBe(late.id);
      expect(await sessions().claimNotificationDue(T0 + 50, 'w1', LEASE)).toBeNull();
      // The session turn's claim and this one share the lease: a session held by one is not the other's.
      expect((await sessions().claimDue(T0 + 50, 'w2', LEASE))?.id).toBe(turnDue.id);
      expect(await sessions().claimNotificationDue(T0 + 50, 'w2', LEASE)).toBeNull();
    });

    it('puts a claimed message back to a later instant and frees its lease, for the lease owner only', async () => {
      const busy = aSession({ notificationDueAt: T0 });
      const next = aSession({ notificationDueAt: T0 + 1 });
      for (const s of [busy, next]) await sessions().insert(s);
      const claimed = (await sessions().claimNotificationDue(T0 + 50, 'w1', LEASE))!;
      expect(claimed.id).toBe(busy.id);
      await sessions().postponeNotification(busy.id, 'w2', T0 + 10_000);
      expect(await sessions().findById(busy.id)).toMatchObject({ notificationDueAt: T0, lease: { owner: 'w1' } });
      await sessions().postponeNotification(busy.id, 'w1', T0 + 10_000);
      const after = (await sessions().findById(busy.id))!;
      expect(after.notificationDueAt).toBe(T0 + 10_000);
      expect(after).not.toHaveProperty('lease');
      expect(after.version).toBe(busy.version);
      // The next claim is the other message; the one put back is due again at its new instant.
      expect((await sessions().claimNotificationDue(T0 + 50, 'w1', LEASE))?.id).toBe(next.id);
      expect(await sessions().claimNotificationDue(T0 + 50, 'w1', LEASE)).toBeNull();
      expect((await sessions().claimNotificationDue(T0 + 10_000, 'w1', LEASE))?.id).toBe(busy.id);
    });

    it('brings a message put back forward again, only from the instant it was put back to and while no lease holds it', async () => {
      const busy = aSession({ notificationDueAt: T0 });
      await sessions().insert(busy);
      await sessions().claimNotificationDue(T0, 'w1', LEASE);
      await sessions().postponeNotification(busy.id, 'w1', T0 + 10_000);
      await sessions().recallNotification(busy.id, T0 + 9_999, T0 + 1);
      expect((await sessions().findById(busy.id))?.notificationDueAt).toBe(T0 + 10_000);
      await sessions().recallNotification(busy.id, T0 + 10_000, T0 + 1);
      expect((await sessions().findById(busy.id))?.notificationDueAt).toBe(T0 + 1);
      expect((await sessions().claimNotificationDue(T0 + 1, 'w2', LEASE))?.id).toBe(busy.id);
      await sessions().recallNotification(busy.id, T0 + 1, T0 + 2);
      expect((await sessions().findById(busy.id))?.notificationDueAt).toBe(T0 + 1);
    });

    it('gives one due session to exactly one of two instances claiming at once', async () => {
      const due = aSession({ dueAt: T0 });
      await sessions().insert(due);
      const other = store().sibling().sessions;
      const [a, b] = await Promise.all([sessions().claimDue(T0, 'instance-a', LEASE), other.claimDue(T0, 'instance-b', LEASE)]);
      expect([a, b].filter((claimed) => claimed !== null)).toHaveLength(1);
    });

    it('shares many due sessions between two instances with no session claimed twice', async () => {
      const due = Array.from({ length: 20 }, (_, i) => aSession({ dueAt: T0 + i }));
      for (const s of due) await sessions().insert(s);
      const drain = async (repo: SessionRepository, owner: string) => {
        const claimed: SessionId[] = [];
        for (let s = await repo.claimDue(T0 + 100, owner, LEASE); s; s = await repo.claimDue(T0 + 100, owner, LEASE)) claimed.push(s.id);
        return claimed;
      };
      const [a, b] = await Promise.all([drain(sessions(), 'a'), drain(store().sibling().sessions, 'b')]);
      const all = [...a, ...b];
      expect(new Set(all).size).toBe(all.length);
      expect(new Set(all)).toEqual(new Set(due.map((s) => s.id)));
    });

    it('does not claim a leased session again until its lease has expired', async () => {
      await sessions().insert(aSession({ dueAt: T0 }));
      expect(await sessions().claimDue(T0, 'w1', LEASE)).not.toBeNull();
      expect(await sessions().claimDue(T0 + LEASE - 1, 'w2', LEASE)).toBeNull();
      expect((await sessions().claimDue(T0 + LEASE, 'w2', LEASE))?.lease?.owner).toBe('w2');
    });

    it('leaves the lease alone on a plain save, and releases it on its owner\'s save', async () => {
      const v1 = aSession({ dueAt: T0 });
      await sessions().insert(v1);
      await sessions().claimDue(T0, 'w1', LEASE);
      // A request handler read the session before the claim; its save must not drop the worker's lease.
      expect(await sessions().save(nextVersion(v1, { termsAcceptedAt: T0 }), { expectedVersion: 1 })).toBe('saved');
      const v2 = await sessions().findById(v1.id);
      expect(v2?.lease?.owner).toBe('w1');
      expect(await sessions().save(nextVersion(v2!, { dueAt: T0 + 60_000 }), { expectedVersion: 2, leaseOwner: 'w1' })).toBe('saved');
      expect(await sessions().findById(v1.id)).not.toHaveProperty('lease');
    });

    it('refuses the save of a worker whose lease expired and was claimed by another', async () => {
      const v1 = aSession({ dueAt: T0 });
      await sessions().insert(v1);
      const seenByA = await sessions().claimDue(T0, 'worker-a', LEASE);
      const seenByB = await store().sibling().sessions.claimDue(T0 + LEASE + 1, 'worker-b', LEASE);
      expect(seenByB?.lease?.owner).toBe('worker-b');
      expect(await sessions().save(nextVersion(seenByA!, { status: 'EXPIRING' }), { expectedVersion: 1, leaseOwner: 'worker-a' })).toBe('conflict');
      expect(await sessions().save(nextVersion(seenByB!, { status: 'EXPIRED' }), { expectedVersion: 1, leaseOwner: 'worker-b' })).toBe('saved');
      const stored = await sessions().findById(v1.id);
      expect(stored?.status).toBe('EXPIRED');
      expect(stored).not.toHaveProperty('lease');
    });

    it('renews a lease only for its holder, so that no other instance claims the session until the new end', async () => {
      const v1 = aSession({ dueAt: T0 });
      await sessions().insert(v1);
      await sessions().claimDue(T0, 'w1', LEASE);
      expect(await sessions().renewLease(v1.id, 'w2', T0 + LEASE - 1, LEASE)).toBe(false);
      expect(await sessions().renewLease(v1.id, 'w1', T0 + LEASE - 1, LEASE)).toBe(true);
      expect(await store().sibling().sessions.claimDue(T0 + 2 * LEASE - 2, 'w2', LEASE)).toBeNull();
      expect((await sessions().claimDue(T0 + 2 * LEASE - 1, 'w2', LEASE))?.lease?.owner).toBe('w2');
      expect(await sessions().renewLease(v1.id, 'w1', T0 + 2 * LEASE, LEASE)).toBe(false);
      expect(await sessions().findById(v1.id)).toMatchObject({ version: 1, lease: { owner: 'w2', until: T0 + 3 * LEASE - 1 } });
    });

    it('lets only the holder give a lease back', async () => {
      const v1 = aSession({ dueAt: T0 });
      await sessions().insert(v1);
      await sessions().claimDue(T0, 'w1', LEASE);
      await sessions().releaseLease(v1.id, 'w2');
      expect(await sessions().claimDue(T0, 'w2', LEASE)).toBeNull();
      await sessions().releaseLease(v1.id, 'w1');
      expect((await sessions().claimDue(T0, 'w2', LEASE))?.lease?.owner).toBe('w2');
      expect((await sessions().findById(v1.id))?.version).toBe(1);
    });
  });
}
