import { applyFact, money, owedOperations, type FollowUpInput, type OperationOutput, type PspDriver, type Session } from '@splitpay/domain';
import { CARD_CAPS } from '@splitpay/domain/src/testing';
import { dispatchingCore, openedTranche, sessionWorkerOn, type DispatchingCore } from '../testing/dispatching.fixture';

/** A card driver noting, per capture or void it is asked for, the sends it is told were made before. */
class TellingDriver implements Partial<PspDriver> {
  readonly provider = 'fake';
  readonly method = 'card' as const;
  readonly capabilities = CARD_CAPS;
  readonly told: { readonly type: string; readonly tries: number | undefined }[] = [];
  async capture(input: FollowUpInput): Promise<OperationOutput> {
    this.told.push({ type: 'capture', tries: input.tries });
    return { ack: { outcome: 'accepted', httpStatus: 201 }, facts: [] };
  }
  async void(input: FollowUpInput): Promise<OperationOutput> {
    this.told.push({ type: 'void', tries: input.tries });
    return { ack: { outcome: 'accepted', httpStatus: 201 }, facts: [] };
  }
}

/**
 * A worker sends an operation that no ack was ever recorded for only when its first sender (the write
 * that owed it) crashed or stalled, before or after its call (D90): the PSP may have taken it, so the
 * driver is told that a send may have been made (D134).
 */
describe('SessionWorker: an operation whose first sender left no ack', () => {
  let core: DispatchingCore;
  let driver: TellingDriver;
  let session: Session;
  let authorization: string;

  beforeEach(async () => {
    driver = new TellingDriver();
    core = dispatchingCore([driver]);
    ({ session, transactionId: authorization } = await openedTranche(core, 10_000));
  });

  const grant = (amount: number) =>
    core.writer.update(session.id, (s, ctx) => ({
      session: applyFact(s, { kind: 'authorized', ref: { transactionId: authorization }, providerRef: 'psp-ref-1', granted: money(amount, 'EUR') }, ctx),
      result: undefined,
    }));

  it('is sent by the worker as a possible resend (tries 1), not as a first send', async () => {
    const write = await grant(10_000);
    const [capture] = owedOperations(write.session, Number.MAX_SAFE_INTEGER);
    expect(capture).toMatchObject({ type: 'capture', tries: 0 });
    // The writer died before recording any ack: its send falls due for the worker.
    core.clock.advance(60_000);
    await sessionWorkerOn(core, 'instance-b').runOnce();
    expect(driver.told).toEqual([{ type: 'capture', tries: 1 }]);
  });

  it('its retry, after that send went unanswered, is told a resend too', async () => {
    await grant(10_000);
    core.clock.advance(60_000);
    const unanswered = driver.capture.bind(driver);
    driver.capture = async (input) => (await unanswered(input), { ack: { outcome: 'unknown', message: 'timeout' }, facts: [] });
    await sessionWorkerOn(core, 'instance-b').runOnce();
    core.clock.advance(24 * 3_600_000);
    await sessionWorkerOn(core, 'instance-b').runOnce();
    expect(driver.told.map((t) => t.tries)).toEqual([1, 1]);
  });

  it('a first send the worker makes itself, for an operation its own write owed, is told as a first send', async () => {
    // A tranche short of the order, held: the session stays PENDING until it expires, and the expiry hands the hold back.
    ({ session, transactionId: authorization } = await openedTranche((core = dispatchingCore([driver])), 5_000));
    const write = await grant(5_000);
    expect(owedOperations(write.session, Number.MAX_SAFE_INTEGER)).toEqual([]);
    core.clock.advance(24 * 3_600_000);
    await sessionWorkerOn(core, 'instance-b').runOnce();
    expect(driver.told).toEqual([{ type: 'void', tries: 0 }]);
  });

  it('a first send its writer made is told as a first send', async () => {
    const write = await grant(10_000);
    await core.dispatcher.dispatchOwedBy([write]);
    expect(driver.told).toEqual([{ type: 'capture', tries: 0 }]);
  });
});
