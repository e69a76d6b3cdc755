import { money, PspRegistry, type FollowUpInput, type OperationOutput, type PspDriver, type Session } from '@splitpay/domain';
import { CARD_CAPS } from '@splitpay/domain/src/testing';
import { CounterMetrics } from '@splitpay/infra';
import { dispatchingCore, openedTranche, type DispatchingCore } from '../testing/dispatching.fixture';
import { PspNotificationIntake } from './notification-intake';

const ACCEPTED = { status: 200, contentType: 'text/plain', body: '[accepted]' } as const;
const NOTIFICATION = { headers: {}, rawBody: '{}', query: {} };

/** A card driver whose captures hang at the PSP until the test lets them answer. */
class HangingCaptureDriver implements Partial<PspDriver> {
  readonly provider = 'fake';
  readonly method = 'card' as const;
  readonly capabilities = CARD_CAPS;
  readonly captures: string[] = [];
  private readonly waiting: (() => void)[] = [];
  private called: () => void = () => undefined;
  /** Resolves once a capture call has reached the PSP. */
  readonly firstCall = new Promise<void>((resolve) => (this.called = resolve));

  async capture(input: FollowUpInput): Promise<OperationOutput> {
    this.captures.push(input.transactionId);
    this.called();
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    return { ack: { outcome: 'accepted', httpStatus: 201 }, facts: [] };
  }

  answer(): void {
    for (const go of this.waiting.splice(0)) go();
  }
}

describe('PspNotificationIntake: the PSP is answered before the operations its verdict owes are sent', () => {
  let core: DispatchingCore;
  let driver: HangingCaptureDriver;
  let session: Session;
  let intake: PspNotificationIntake;

  const intakeOver = (): PspNotificationIntake => {
    // The reader: the PSP says the hold covering the whole order was granted.
    const reader = new PspRegistry([
      {
        id: 'fake',
        drivers: [],
        parseNotification: async () => ({
          kind: 'accepted',
          facts: [{ kind: 'authorized', ref: { transactionId: session.attempts[0]!.transactions[0]!.id }, providerRef: 'psp-ref-1', granted: money(10_000, 'EUR') }],
          reply: ACCEPTED,
        }),
      },
    ]);
    return new PspNotificationIntake({
      registry: reader,
      sessions: core.stores.sessions,
      writer: core.writer,
      dispatcher: core.dispatcher,
      gateway: core.gateway,
      chargebacks: { receive: async () => ({ kind: 'unattached' }) as const },
      logger: core.logger,
      metrics: new CounterMetrics(),
    });
  };

  beforeEach(async () => {
    driver = new HangingCaptureDriver();
    core = dispatchingCore([driver]);
    ({ session } = await openedTranche(core, 10_000));
    intake = intakeOver();
  });
  afterEach(async () => {
    driver.answer();
    await core.dispatcher.idle();
  });

  const captureOf = async () => (await core.stores.sessions.findById(session.id))!.attempts[0]!.transactions.find((t) => t.type === 'capture');

  it('replies while the capture it made owed is still in flight, then records its ack; one capture call', async () => {
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
    await driver.firstCall;

    // The verdict is saved and the capture owed, its call still unanswered.
    expect((await core.stores.sessions.findById(session.id))!.attempts[0]!.status).toBe('AUTHORIZED');
    expect((await captureOf())?.dispatch).toMatchObject({ state: 'owed', tries: 0 });
    expect(driver.captures).toHaveLength(1);

    driver.answer();
    await core.dispatcher.idle();
    expect((await captureOf())?.ack).toEqual({ httpStatus: 201 });
    expect(driver.captures).toEqual([(await captureOf())!.id]);
  });

  it('a background send whose ack cannot be saved is logged, never thrown: the capture stays owed for the worker', async () => {
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
    await driver.firstCall;
    // The store goes down while the capture is at the PSP: its ack cannot be recorded.
    const save = jest.spyOn(core.stores.sessions, 'save').mockRejectedValue(new Error('store unavailable'));
    driver.answer();
    await core.dispatcher.idle();
    save.mockRestore();

    expect(core.logger.named('psp.owed_dispatch_failed')).toEqual([expect.objectContaining({ level: 'error', fields: expect.objectContaining({ sessionId: session.id }) })]);
    expect((await captureOf())?.dispatch).toMatchObject({ state: 'owed', tries: 0 });
    expect(driver.captures).toHaveLength(1);
  });
});
