import {
  applyFact,
  createSession,
  DEFAULT_POLICY,
  money,
  owedOperations,
  recordDispatch,
  startAttempt,
  type DomainContext,
  type Session,
} from '@splitpay/domain';
import { context, request } from '@splitpay/domain/src/creation/creation.fixtures';
import { UuidV7IdGenerator } from '@splitpay/infra';
import { randomBytes } from 'node:crypto';
import { measure, type Figures } from './figures';

/**
 * The pure core alone: one order split in two card tranches, from creation to PAID (two
 * authorizations, two captures sent and confirmed). No I/O: this is the ceiling the shell adds to.
 * Ids, token digests and PSP references are as random as the service's (UUID v7, 32-byte digests),
 * so that what the store keeps of them (compressed) is what it would keep of real ones.
 */
export function splitOrderFactory(merchantId = 'm1'): () => Session {
  let clock = 1_700_000_000_000;
  let n = 0;
  const ids = new UuidV7IdGenerator();
  const ctx = (): DomainContext => ({
    now: (clock += 1),
    newId: () => ids.newId(),
    policy: DEFAULT_POLICY,
  });

  return (): Session => {
    const account = { ...context().account, merchantId: merchantId as Session['merchantId'] };
    let session = createSession(
      request({ total: 10_000, orderId: `order-${++n}`, methods: [{ method: 'card' }] }),
      context({ now: clock, account, newId: () => ctx().newId(), elementsTokenHash: randomBytes(32).toString('base64url') }),
    );
    for (const amount of [6_000, 4_000]) {
      const started = startAttempt(session, { methodId: 'card', amount }, ctx());
      session = applyFact(started.session, { kind: 'authorized', ref: { transactionId: started.transactionId }, providerRef: `fkp_${randomBytes(12).toString('base64url')}`, granted: money(amount, 'EUR') }, ctx());
    }
    for (const op of owedOperations(session, Number.MAX_SAFE_INTEGER)) {
      session = recordDispatch(session, op.transactionId, { ack: { outcome: 'accepted', httpStatus: 201 }, facts: [] }, ctx());
      session = applyFact(session, { kind: 'captured', success: true, ref: { transactionId: op.transactionId } }, ctx());
    }
    if (session.status !== 'PAID') throw new Error(`lifecycle ended ${session.status}`);
    return session;
  };
}

export async function benchDomainLifecycle(count = 5_000): Promise<Figures[]> {
  const lifecycle = splitOrderFactory();

  for (let i = 0; i < 200; i++) lifecycle(); // warm-up
  return [await measure('domain: split order, creation to PAID', count, 1, () => void lifecycle())];
}
