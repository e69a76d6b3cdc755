import type { Session, SessionRepository } from '@splitpay/domain';
import { refusalOf } from '@splitpay/domain/src/testing';
import { ElementsAccess } from './elements-access';
import { aSession, T0 } from './payer.fixture';

const GRACE = 15 * 60_000;

function accessTo(session: Session, now: () => number): ElementsAccess {
  const sessions = { findByElementsTokenHash: async (hash: string) => (hash === session.elementsTokenHash ? session : null) } as Pick<
    SessionRepository,
    'findByElementsTokenHash'
  > as SessionRepository;
  return new ElementsAccess({ sessions, tokens: { digest: (t) => `digest-of-${t}` }, clock: { now }, elementsGraceMs: GRACE });
}

describe('ElementsAccess', () => {
  it('reads and acts while the session is open', async () => {
    const session = aSession();
    const access = accessTo(session, () => T0);
    await expect(access.read('pst_token')).resolves.toBe(session);
    await expect(access.act('pst_token')).resolves.toBe(session);
  });

  it('answers one InvalidElementsToken for an absent, malformed or unknown token', async () => {
    const access = accessTo(aSession(), () => T0);
    for (const token of [undefined, '', 'token', 'pst_other']) expect(await refusalOf(() => access.read(token))).toBe('InvalidElementsToken');
  });

  it('reads an ended session during the grace, never acts, and forgets it after', async () => {
    let now = T0 + 1_000;
    const ended: Session = { ...aSession(), status: 'PAID', endedAt: now };
    const access = accessTo(ended, () => now);
    expect(await refusalOf(() => access.act('pst_token'))).toBe('SessionReadOnly');
    now += GRACE;
    await expect(access.read('pst_token')).resolves.toBe(ended);
    now += 1;
    expect(await refusalOf(() => access.read('pst_token'))).toBe('InvalidElementsToken');
    expect(await refusalOf(() => access.act('pst_token'))).toBe('InvalidElementsToken');
  });
});
