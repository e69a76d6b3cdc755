import { money, sessionView, type OperationOutput, type PspDriver, type ReturnInput, type Session } from '@splitpay/domain';
import { CARD_CAPS, type CapturingLogger } from '@splitpay/domain/src/testing';
import type { EmbeddedStores } from '@splitpay/store-embedded';
import { dispatchingCore, openedTranche } from '../testing/dispatching.fixture';
import { PayerReturnUseCase } from './payer-return.use-case';

/** A card driver that finishes the opening on the return, as Adyen's does after 3-D Secure. */
class ReturningDriver implements Partial<PspDriver> {
  readonly provider = 'fake';
  readonly method = 'card' as const;
  readonly capabilities = { ...CARD_CAPS, statusLookup: false };
  readonly returns: ReturnInput[] = [];
  answer: (input: ReturnInput) => Promise<OperationOutput> = async () => ({ ack: { outcome: 'accepted' }, facts: [] });
  async completeReturn(input: ReturnInput): Promise<OperationOutput> {
    this.returns.push(input);
    return this.answer(input);
  }
}

describe('PayerReturnUseCase: a driver that finishes the opening on the return', () => {
  let stores: EmbeddedStores;
  let driver: ReturningDriver;
  let useCase: PayerReturnUseCase;
  let logger: CapturingLogger;
  let session: Session;
  let attemptId: string;
  let transactionId: string;

  beforeEach(async () => {
    driver = new ReturningDriver();
    const core = dispatchingCore([driver]);
    ({ stores, logger } = core);
    useCase = new PayerReturnUseCase({ sessions: stores.sessions, gateway: core.gateway, logger, writer: core.writer, dispatcher: core.dispatcher });
    ({ session, attemptId, transactionId } = await openedTranche(core, 10_000, {
      fields: { returnUrl: 'https://shop.example/back', cancelUrl: 'https://shop.example/cancel' },
      redirect: { kind: 'navigate', url: 'https://acs.example/challenge' },
    }));
  });

  const attempt = async () => (await stores.sessions.findById(session.id))!.attempts[0]!;

  it('hands the driver the return fields and the opening, applies the verdict it tells, and sends the payer on', async () => {
    driver.answer = async (input) => ({
      ack: { outcome: 'accepted', providerRef: 'psp-ref-1' },
      facts: [{ kind: 'authorized', ref: { transactionId: input.target.transactionId ?? '' }, providerRef: 'psp-ref-1', granted: money(10_000, 'EUR') }],
    });
    expect(await useCase.execute(attemptId, { redirectResult: 'X6XtfGC3' })).toEqual({ kind: 'redirect', url: 'https://shop.example/back' });
    expect(driver.returns).toEqual([expect.objectContaining({ params: { redirectResult: 'X6XtfGC3' }, target: { transactionId, providerRef: 'psp-ref-1' }, amount: money(10_000, 'EUR') })]);
    expect(await attempt()).toMatchObject({ status: 'AUTHORIZED', granted: { amount: 10_000 } });
    expect(JSON.stringify(logger.lines)).not.toContain('X6XtfGC3');
  });

  it('back with the verdict still on its way: recorded once, and the view offers no way back to the PSP any more (D149-e)', async () => {
    expect(sessionView(await stores.sessions.findById(session.id) as Session, { now: Date.now() }).attempts[0]?.redirect).toBeDefined();
    expect(await useCase.execute(attemptId, { redirectResult: 'r1' })).toEqual({ kind: 'redirect', url: 'https://shop.example/back' });
    const back = (await stores.sessions.findById(session.id))!;
    expect(back.attempts[0]).toMatchObject({ status: 'AUTHORIZING', returnedAt: expect.any(Number) });
    expect(sessionView(back, { now: Date.now() }).attempts[0]?.redirect).toBeUndefined();
    const first = back.attempts[0]?.returnedAt;
    await useCase.execute(attemptId, { redirectResult: 'r1' });
    expect((await attempt()).returnedAt).toBe(first);
  });

  it('a refusal on the return declines the attempt; a second return (the browser reloads) asks the driver nothing more', async () => {
    driver.answer = async (input) => ({
      ack: { outcome: 'accepted' },
      facts: [{ kind: 'declined', ref: { transactionId: input.target.transactionId ?? '' }, category: 'authentication-failed' }],
    });
    await useCase.execute(attemptId, { redirectResult: 'r1' });
    expect(await attempt()).toMatchObject({ status: 'DECLINED' });
    await useCase.execute(attemptId, { redirectResult: 'r1' });
    expect(driver.returns).toHaveLength(1);
  });

  it('a driver failure on the return changes nothing and still sends the payer on (the verdict may come by notification)', async () => {
    driver.answer = async () => {
      throw new Error('socket hang up');
    };
    expect(await useCase.execute(attemptId, { redirectResult: 'r1' })).toEqual({ kind: 'redirect', url: 'https://shop.example/back' });
    expect((await attempt()).status).toBe('AUTHORIZING');
    // One level and one set of fields for this event wherever a driver throws (docs/operations.md).
    expect(logger.named('psp.driver_failed')).toEqual([
      { level: 'error', event: 'psp.driver_failed', fields: expect.objectContaining({ sessionId: session.id, attemptId, provider: 'fake', method: 'card', type: 'return' }) },
    ]);
  });
});
