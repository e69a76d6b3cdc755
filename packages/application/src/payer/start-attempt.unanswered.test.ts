import type { OpenOutput, PspDriver, Session } from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS } from '@splitpay/domain/src/testing';
import { payerUseCaseParts, storedPayerSession, type TestStores } from '../testing/payer-use-case.fixture';
import { StartAttemptUseCase } from './start-attempt.use-case';

/** A card driver on provider `psp` whose open answers `output`, or throws. */
function cardDriver(open: () => Promise<OpenOutput>): Partial<PspDriver> {
  return { provider: 'psp', method: 'card', capabilities: CARD_CAPS, open };
}

function useCaseOver(stores: TestStores, session: Session, driver: Partial<PspDriver>) {
  const { deps, access, views } = payerUseCaseParts(stores, session, [driver], new CapturingLogger());
  return new StartAttemptUseCase(deps, access, views);
}

describe('StartAttemptUseCase: an opening its PSP left without a usable answer (D131)', () => {
  it.each([
    ['a 5xx after the driver\'s resends', async (): Promise<OpenOutput> => ({ ack: { outcome: 'unknown', httpStatus: 500, message: 'boom' }, facts: [] })],
    ['no answer', async (): Promise<OpenOutput> => ({ ack: { outcome: 'unknown', message: 'socket hang up' }, facts: [] })],
    ['a driver that throws', async (): Promise<OpenOutput> => { throw new Error('driver bug'); }],
  ])('%s: answered InternalError once recorded, the attempt in flight, its opening pending', async (_case, open) => {
    const { stores, session } = await storedPayerSession();
    const answered = useCaseOver(stores, session, cardDriver(open)).execute('pst_x', { methodId: 'card', amount: 4_000, startKey: 'press-1' });
    await expect(answered).rejects.toMatchObject({ code: 'InternalError' });
    const [attempt] = (await stores.sessions.findById(session.id))!.attempts;
    expect(attempt).toMatchObject({ status: 'AUTHORIZING' });
    expect(attempt!.transactions[0]).toMatchObject({ status: { kind: 'pending' } });
    expect(JSON.stringify(await answered.catch((e: unknown) => e))).not.toContain('boom');
  });

  it('the same press sent again is answered with that attempt as it stands, opening nothing again', async () => {
    const { stores, session } = await storedPayerSession();
    let opens = 0;
    const useCase = useCaseOver(stores, session, cardDriver(async () => ((opens += 1), { ack: { outcome: 'unknown', httpStatus: 503 }, facts: [] })));
    await expect(useCase.execute('pst_x', { methodId: 'card', amount: 4_000, startKey: 'press-1' })).rejects.toMatchObject({ code: 'InternalError' });
    const again = await useCase.execute('pst_x', { methodId: 'card', amount: 4_000, startKey: 'press-1' });
    expect(opens).toBe(1);
    const attempts = (await stores.sessions.findById(session.id))!.attempts;
    expect(attempts.map((a) => [a.id, a.status])).toEqual([[again.attemptId, 'AUTHORIZING']]);
  });

  it('an unknown ack that hands the payer a redirect is answered with the view: the payer has somewhere to go', async () => {
    const { stores, session } = await storedPayerSession();
    const driver = cardDriver(async () => ({ ack: { outcome: 'unknown' }, redirect: { kind: 'navigate', url: 'https://psp.example/3ds' }, facts: [] }));
    await expect(useCaseOver(stores, session, driver).execute('pst_x', { methodId: 'card', amount: 4_000 })).resolves.toMatchObject({ attemptId: expect.any(String) });
  });

  it('an accepted opening is answered with the view', async () => {
    const { stores, session } = await storedPayerSession();
    const driver = cardDriver(async () => ({ ack: { outcome: 'accepted' }, facts: [] }));
    await expect(useCaseOver(stores, session, driver).execute('pst_x', { methodId: 'card', amount: 4_000 })).resolves.toMatchObject({ attemptId: expect.any(String) });
  });
});
