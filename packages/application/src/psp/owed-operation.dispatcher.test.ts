import { applyFact, money, owedOperations, type FollowUpInput, type OperationOutput, type PspDriver, type Session } from '@splitpay/domain';
import { CARD_CAPS, type CapturingLogger } from '@splitpay/domain/src/testing';
import type { EmbeddedStores } from '@splitpay/store-embedded';
import type { SessionWriter } from '../session-writer';
import { dispatchingCore, openedTranche } from '../testing/dispatching.fixture';
import type { OwedOperationDispatcher } from './owed-operation.dispatcher';

/** A card driver counting the captures it is asked for, by our transaction id (the PSP idempotency key). */
class CountingDriver implements Partial<PspDriver> {
  readonly provider = 'fake';
  readonly method = 'card' as const;
  readonly capabilities = CARD_CAPS;
  readonly captures: string[] = [];
  /** The sends already made of each capture, as the driver was told. */
  readonly tries: (number | undefined)[] = [];
  answers: OperationOutput['ack'][] = [];
  async capture(input: FollowUpInput): Promise<OperationOutput> {
    this.captures.push(input.transactionId);
    this.tries.push(input.tries);
    return { ack: this.answers.shift() ?? { outcome: 'accepted', httpStatus: 201 }, facts: [] };
  }
}

describe('OwedOperationDispatcher: one PSP call per owed operation', () => {
  let stores: EmbeddedStores;
  let driver: CountingDriver;
  let writer: SessionWriter;
  let dispatcher: OwedOperationDispatcher;
  let logger: CapturingLogger;
  let session: Session;
  let authorization: string;

  beforeEach(async () => {
    driver = new CountingDriver();
    const core = dispatchingCore([driver]);
    ({ stores, writer, dispatcher, logger } = core);
    ({ session, transactionId: authorization } = await openedTranche(core, 10_000));
  });

  /** The verdict's write, as the notification intake makes it: the hold covers the order, so a capture is owed. */
  const verdictWrite = () =>
    writer.update(session.id, (s, ctx) => ({
      session: applyFact(s, { kind: 'authorized', ref: { transactionId: authorization }, providerRef: 'psp-ref-1', granted: money(10_000, 'EUR') }, ctx),
      result: undefined,
    }));

  it('a write that owed a capture, overtaken by a sender that sent and recorded it meanwhile, does not send it again', async () => {
    const write = await verdictWrite();
    const [capture] = owedOperations(write.session, Number.MAX_SAFE_INTEGER);
    expect(capture?.type).toBe('capture');
    // Under load the worker's turn comes first: it sends the capture and records its ack.
    await dispatcher.sendNow(write.session, [capture!.transactionId]);
    expect(driver.captures).toEqual([capture!.transactionId]);
    // The write's own send comes late, holding the session as that write left it.
    await dispatcher.dispatchOwedBy([write]);
    expect(driver.captures).toEqual([capture!.transactionId]);
  });

  it('still sends a retry owed after an unknown ack, to a sender that read the session as recorded', async () => {
    driver.answers = [{ outcome: 'unknown', message: 'timeout' }];
    const write = await verdictWrite();
    const [capture] = owedOperations(write.session, Number.MAX_SAFE_INTEGER);
    await dispatcher.dispatchOwedBy([write]);
    const recorded = (await stores.sessions.findById(session.id))!;
    expect(owedOperations(recorded, Number.MAX_SAFE_INTEGER).map((op) => op.transactionId)).toEqual([capture!.transactionId]);
    // The retry, from the session as the unknown ack left it (the worker's read when it falls due).
    await dispatcher.sendNow(recorded, [capture!.transactionId]);
    expect(driver.captures).toEqual([capture!.transactionId, capture!.transactionId]);
    // The late holder of the older read sends nothing.
    await dispatcher.dispatchOwedBy([write]);
    expect(driver.captures).toHaveLength(2);
  });

  it('tells the driver how many sends were made before (a PSP without idempotency key checks before sending again); an unverifiable answer is given up with an alert, left pending', async () => {
    driver.answers = [{ outcome: 'unknown', message: 'timeout' }, { outcome: 'unknown', message: 'cannot tell', unverifiable: true }];
    const write = await verdictWrite();
    const [capture] = owedOperations(write.session, Number.MAX_SAFE_INTEGER);
    await dispatcher.dispatchOwedBy([write]);
    const recorded = (await stores.sessions.findById(session.id))!;
    const saved = await dispatcher.sendNow(recorded, [capture!.transactionId]);
    expect(driver.tries).toEqual([0, 1]);
    const tx = saved.attempts[0]!.transactions.find((t) => t.id === capture!.transactionId)!;
    expect(tx.status.kind).toBe('pending');
    expect(tx.dispatch).toMatchObject({ state: 'given-up', tries: 2 });
    expect(owedOperations(saved, Number.MAX_SAFE_INTEGER)).toEqual([]);
    expect(logger.named('psp.operation_given_up')).toEqual([expect.objectContaining({ level: 'error', fields: expect.objectContaining({ transactionId: capture!.transactionId, type: 'capture' }) })]);
  });

  it('does not tell the driver of a send the PSP answered without taking it (notTaken, D154): the retry is a first send again, until a send may have acted', async () => {
    driver.answers = [{ outcome: 'unknown', httpStatus: 429, notTaken: true }, { outcome: 'unknown', httpStatus: 504 }];
    const write = await verdictWrite();
    const [capture] = owedOperations(write.session, Number.MAX_SAFE_INTEGER);
    await dispatcher.dispatchOwedBy([write]);
    await dispatcher.sendNow((await stores.sessions.findById(session.id))!, [capture!.transactionId]);
    await dispatcher.sendNow((await stores.sessions.findById(session.id))!, [capture!.transactionId]);
    expect(driver.tries).toEqual([0, 0, 1]);
  });
});
