import { buildSessionEndedPayload, money, type Attempt, type Session, type Transaction } from '@splitpay/domain';
import { createStores } from '../create-stores';
import { aSession, anAttempt, aTransaction, newMerchantId, nextVersion, T0 } from './fixtures';
import { useFreshStore, type ContractEngine } from './harness';

/** What Adyen wrote as a successful card AUTHORISATION's `reason`, kept before D125-a. */
const CARD_REASON = '874574:1111:03/2030';

/**
 * The operators' one-off clearing of D125-a (clearAdyenCardReasons, `npm run ops --
 * clear-adyen-auth-reason`): Adyen's card reason leaves the operations and the stored session-ended
 * message; a decline's reason, and every other provider's words, stay.
 */
export function adyenCardReasonsContract(engine: ContractEngine): void {
  describe(`the operators' clearing of Adyen card reasons on ${engine.name}`, () => {
    const store = useFreshStore(engine);

    const adyenAttempt = (overrides: Partial<Attempt>): Attempt => anAttempt({ provider: 'adyen', methodId: 'adyen-card', ...overrides });
    const granted = (statusMessage?: string): Transaction =>
      aTransaction({ providerRef: 'PSPAUTH', status: { kind: 'succeeded', statusCode: 'AUTHORISATION', ...(statusMessage !== undefined ? { statusMessage } : {}) } });
    const ended = (attempts: Attempt[]): Session => {
      const session = aSession({ merchantId: newMerchantId(), status: 'PAID', endedAt: T0 + 60_000, total: money(1000, 'EUR'), captured: money(1000, 'EUR'), attempts });
      const url = 'https://merchant.example/hook';
      return { ...session, notification: { url, delivery: { url, notificationId: `${session.id}:PAID`, payload: buildSessionEndedPayload(session), failures: 0, abandoned: false, deliveredAt: T0 + 61_000 } } };
    };
    const reasonsOf = (session: Session) => session.attempts.flatMap((a) => a.transactions.map((t) => t.status.statusMessage));
    const messageReasonsOf = (session: Session) =>
      (session.notification!.delivery!.payload.attempts as { operations: { statusMessage?: string }[] }[]).flatMap((a) => a.operations.map((o) => o.statusMessage));

    it("clears a successful Adyen authorisation's card reason from the operation and the stored webhook body, raising the version, and keeps a decline's reason", async () => {
      const capture = aTransaction({ type: 'capture', providerRef: 'PSPCAP', status: { kind: 'succeeded', statusCode: 'CAPTURE' } });
      const paid = ended([adyenAttempt({ status: 'CAPTURED', granted: money(1000, 'EUR'), transactions: [granted(CARD_REASON), capture] })]);
      const declined = aTransaction({ providerRef: 'PSPDECL', status: { kind: 'failed', statusCode: 'AUTHORISATION', statusMessage: 'CVC Declined', category: 'invalid-card-data' } });
      const refusedThenPaid = ended([
        adyenAttempt({ status: 'DECLINED', transactions: [declined] }),
        adyenAttempt({ status: 'AUTHORIZED', granted: money(1000, 'EUR'), transactions: [granted(CARD_REASON)] }),
      ]);
      // Another provider's words and an operator's settle note are not Adyen's reason.
      const other = ended([anAttempt({ provider: 'worldline', status: 'AUTHORIZED', transactions: [granted(CARD_REASON)] }), adyenAttempt({ transactions: [granted('Settled as succeeded by an operator: ticket 7')] })]);
      for (const session of [paid, refusedThenPaid, other]) await store().stores.sessions.insert(session);

      expect(await store().stores.clearAdyenCardReasons()).toEqual({ sessions: 3, cleared: 2, operations: 2, messageOperations: 2 });

      const storedPaid = (await store().stores.sessions.findById(paid.id))!;
      expect(reasonsOf(storedPaid)).toEqual([undefined, undefined]);
      expect(messageReasonsOf(storedPaid)).toEqual([undefined, undefined]);
      expect(storedPaid.version).toBe(paid.version + 1);
      expect(storedPaid.updatedAt).toBe(paid.updatedAt);
      // Nothing else moved: the operation keeps its verdict and code, the message the rest of its body.
      const { statusMessage: _gone, ...status } = paid.attempts[0]!.transactions[0]!.status;
      expect(storedPaid.attempts[0]!.transactions[0]!.status).toEqual(status);
      expect(storedPaid.notification!.delivery).toEqual({ ...paid.notification!.delivery!, payload: buildSessionEndedPayload(storedPaid) });

      const storedRefused = (await store().stores.sessions.findById(refusedThenPaid.id))!;
      expect(reasonsOf(storedRefused)).toEqual(['CVC Declined', undefined]);
      expect(messageReasonsOf(storedRefused)).toEqual(['CVC Declined', undefined]);
      expect(await store().stores.sessions.findById(other.id)).toEqual(other);

      // Once is enough: a second run finds nothing and writes nothing.
      expect(await store().stores.clearAdyenCardReasons()).toEqual({ sessions: 3, cleared: 0, operations: 0, messageOperations: 0 });
      expect((await store().stores.sessions.findById(paid.id))!.version).toBe(paid.version + 1);
    });

    it('with dryRun, counts what it would clear and changes nothing', async () => {
      const session = ended([adyenAttempt({ status: 'AUTHORIZED', granted: money(1000, 'EUR'), transactions: [granted(CARD_REASON)] })]);
      await store().stores.sessions.insert(session);
      expect(await store().stores.clearAdyenCardReasons({ dryRun: true })).toEqual({ sessions: 1, cleared: 1, operations: 1, messageOperations: 1 });
      expect(await store().stores.sessions.findById(session.id)).toEqual(session);
    });

    it("a service instance holding the older version has its save refused; a session saved since it was read is cleared from its newer version", async () => {
      const session = ended([adyenAttempt({ status: 'AUTHORIZED', granted: money(1000, 'EUR'), transactions: [granted(CARD_REASON)] })]);
      await store().stores.sessions.insert(session);
      const { cleared } = await store().stores.clearAdyenCardReasons();
      expect(cleared).toBe(1);
      // An instance that read version 1 before the clearing cannot write the card reason back.
      expect(await store().sibling().sessions.save(nextVersion(session), { expectedVersion: 1 })).toBe('conflict');

      // Saved by the service (version 2 to 3) between the clearing's read and its write: read again, cleared from 3.
      const raced = ended([adyenAttempt({ status: 'AUTHORIZED', granted: money(1000, 'EUR'), transactions: [granted(CARD_REASON)] })]);
      await store().stores.sessions.insert(raced);
      const sessions = store().collections.sessions;
      let race: (() => Promise<unknown>) | undefined = () => store().sibling().sessions.save(nextVersion(raced, { dueAt: T0 + 5 }), { expectedVersion: 1 });
      const racing = new Proxy(sessions, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (property !== 'updateOne' || typeof value !== 'function') return value;
          return async (...args: unknown[]) => {
            const before = race;
            race = undefined;
            if (before) expect(await before()).toBe('saved');
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      expect(await createStores({ ...store().collections, sessions: racing }).clearAdyenCardReasons()).toMatchObject({ cleared: 1, operations: 1, messageOperations: 1 });
      const stored = (await store().stores.sessions.findById(raced.id))!;
      expect(stored).toMatchObject({ version: 3, dueAt: T0 + 5 });
      expect(reasonsOf(stored)).toEqual([undefined]);
      expect(messageReasonsOf(stored)).toEqual([undefined]);
    });
  });
}
