import {
  applyFact,
  DEFAULT_POLICY,
  operationsOwedSince,
  requestRefund,
  DomainError,
  merchantId,
  nextDueAt,
  PspRegistry,
  recordOpenOutcome,
  startAttempt,
  type InboundNotification,
  type NotificationContext,
  type OperationRef,
  type ParsedNotification,
  type PspFact,
  type PspProvider,
  type Session,
  type SessionRepository,
} from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { CounterMetrics, ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores, type EmbeddedStores } from '@splitpay/store-embedded';
import { SessionFactory } from '../notification/notification.fixtures';
import { SessionWriter } from '../session-writer';
import { PspNotificationIntake, VERDICT_UNMATCHED_METRIC } from './notification-intake';
import type { NotificationScope } from './notification-scope';
import { OwedOperationDispatcher } from './owed-operation.dispatcher';
import { PspGateway } from './psp-gateway';

const ACCEPTED = { status: 200, contentType: 'text/plain', body: '[accepted]' } as const;
const NOTIFICATION: InboundNotification = { headers: {}, rawBody: 'BODY-SENTINEL {"secret":"x"}', query: {} };

/** A provider whose reader answers what the test scripts. */
class ScriptedProvider implements PspProvider {
  readonly drivers = [];
  next: ParsedNotification = { kind: 'accepted', facts: [], reply: ACCEPTED };
  context: NotificationContext | undefined;
  /** When set, the reader asks for the settings of this operation before answering, as HMAC readers do. */
  verifiesWith: OperationRef | undefined;
  constructor(readonly id: string) {}
  async parseNotification(_notification: InboundNotification, context?: NotificationContext): Promise<ParsedNotification> {
    this.context = context;
    if (this.verifiesWith) await context?.settingsFor(this.verifiesWith);
    return this.next;
  }
}

describe('PspNotificationIntake', () => {
  let stores: EmbeddedStores;
  let logger: CapturingLogger;
  let metrics: CounterMetrics;
  let fake: ScriptedProvider;
  let other: ScriptedProvider;
  let intake: PspNotificationIntake;
  let session: Session;
  let transactionId: string;
  let clock: ManualClock;
  let ids: UuidV7IdGenerator;
  const chargebacks: PspFact[] = [];
  /** The scope each chargeback was handed with. */
  const scopes: (Pick<NotificationScope, 'admits'> | undefined)[] = [];

  beforeEach(async () => {
    stores = createEmbeddedStores();
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    ids = new UuidV7IdGenerator();
    logger = new CapturingLogger();
    metrics = new CounterMetrics();
    fake = new ScriptedProvider('fake');
    other = new ScriptedProvider('other');
    const registry = new PspRegistry([fake, other]);
    const writer = new SessionWriter({ sessions: stores.sessions, clock, ids, policy: DEFAULT_POLICY, nextDueAt });
    const gateway = new PspGateway({ registry, merchants: stores.merchants, sealer: { open: (sealed) => sealed } });
    const dispatcher = new OwedOperationDispatcher({ gateway, writer, logger, metrics: new CounterMetrics() });
    chargebacks.length = 0;
    scopes.length = 0;
    intake = new PspNotificationIntake({
      registry,
      sessions: stores.sessions,
      writer,
      dispatcher,
      gateway,
      chargebacks: {
        receive: async (fact, _provider, scope) => {
          chargebacks.push(fact);
          scopes.push(scope);
          return { kind: 'unattached' } as const;
        },
      },
      logger,
      metrics,
    });
    const factory = new SessionFactory({ merchantId: merchantId('shop'), now: () => clock.now(), newId: () => ids.newId() });
    const started = startAttempt(factory.pending({ total: 10_000 }), { methodId: 'card', amount: 4_000 }, factory.ctx());
    transactionId = started.transactionId;
    const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted', providerRef: 'auth-ref-1', httpStatus: 201 }, facts: [] }, factory.ctx());
    await stores.sessions.insert({ ...opened, version: 1 });
    session = (await stores.sessions.findById(opened.id))!;
  });

  const stored = async (): Promise<Session> => (await stores.sessions.findById(session.id))!;

  /** Another session whose card attempt (on the fake provider, its offer under `contractId` when given) the PSP knows as `providerRef`. */
  async function otherSession(merchant: string, providerRef: string, contractId?: string): Promise<Session> {
    const factory = new SessionFactory({ merchantId: merchantId(merchant), now: () => clock.now(), newId: () => ids.newId() });
    const pending = factory.pending({ total: 10_000 });
    const offered = contractId ? { ...pending, methods: pending.methods.map((m) => ({ ...m, contractId })) } : pending;
    const started = startAttempt(offered, { methodId: 'card', amount: 4_000 }, factory.ctx());
    const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted', providerRef, httpStatus: 201 }, facts: [] }, factory.ctx());
    await stores.sessions.insert({ ...opened, version: 1 });
    return (await stores.sessions.findById(opened.id))!;
  }
  const grant = (ref: Extract<PspFact, { kind: 'authorized' }>['ref']): PspFact => ({
    kind: 'authorized',
    ref,
    providerRef: 'auth-ref-1',
    granted: { amount: 4_000, currency: 'EUR' as never },
  });

  it('applies a verdict of the provider that serves the operation, by transaction id or by its reference, once', async () => {
    fake.next = { kind: 'accepted', facts: [grant({ providerRef: 'auth-ref-1' })], reply: ACCEPTED };
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
    const after = await stored();
    expect(after.attempts[0]).toMatchObject({ status: 'AUTHORIZED', granted: { amount: 4_000 } });

    fake.next = { kind: 'accepted', facts: [grant({ transactionId })], reply: ACCEPTED };
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
    expect(await stored()).toEqual(after);
  });

  it('never lets a provider speak of another provider\u2019s operation: an unmatched authorization is an error line and a counted verdict, nothing changes', async () => {
    other.next = { kind: 'accepted', facts: [grant({ transactionId, providerRef: 'auth-ref-1' })], reply: ACCEPTED };
    expect(await intake.receive('other', NOTIFICATION)).toEqual(ACCEPTED);
    expect(await stored()).toEqual(session);
    expect(logger.named('psp.fact_unmatched')).toEqual([expect.objectContaining({ level: 'error', fields: expect.objectContaining({ provider: 'other', transactionId }) })]);
    expect(metrics.value(VERDICT_UNMATCHED_METRIC, { provider: 'other', kind: 'authorized' })).toBe(1);
  });

  it('counts an unmatched verdict that moves no money by provider and kind, with a warning line only', async () => {
    fake.next = { kind: 'accepted', facts: [{ kind: 'declined', ref: { providerRef: 'never-ours' } }], reply: ACCEPTED };
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
    expect(logger.named('psp.fact_unmatched')).toEqual([expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ provider: 'fake', fact: 'declined' }) })]);
    expect(metrics.value(VERDICT_UNMATCHED_METRIC, { provider: 'fake', kind: 'declined' })).toBe(1);
    expect(metrics.value(VERDICT_UNMATCHED_METRIC, { provider: 'fake', kind: 'authorized' })).toBe(0);
  });

  it('answers a rejected notification with the reader\u2019s reply, logs the reason up to its first colon, never the body', async () => {
    const reply = { status: 400, contentType: 'text/plain', body: '[rejected]' };
    fake.next = { kind: 'rejected', reason: 'unparseable: Unexpected token B, "BODY-SENTINEL" is not valid JSON', reply };
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(reply);
    expect(await stored()).toEqual(session);
    expect(logger.named('psp.notification_rejected')).toEqual([expect.objectContaining({ fields: { provider: 'fake', reason: 'unparseable', status: 400 } })]);
    expect(JSON.stringify(logger.lines)).not.toContain('BODY-SENTINEL');
  });

  it("lends the reader the settings (secrets opened) of the contract serving the operation it names, and nothing for another provider's", async () => {
    await stores.merchants.upsert({
      merchantId: session.merchantId,
      secretHash: 'x',
      webhookSigningSecretSealed: 'x',
      contracts: [{ method: 'card', provider: 'fake', settings: { merchantAccount: 'SHOP' }, sealedSettings: { hmacKey: '"00ff"' } }],
      contacts: [],
    });
    await intake.receive('fake', NOTIFICATION);
    expect(await fake.context?.settingsFor({ transactionId })).toEqual({ merchantAccount: 'SHOP', hmacKey: '00ff' });
    expect(await fake.context?.settingsFor({ providerRef: 'auth-ref-1' })).toEqual({ merchantAccount: 'SHOP', hmacKey: '00ff' });
    expect(await fake.context?.settingsFor({ transactionId: 'unknown' })).toBeUndefined();
    await intake.receive('other', NOTIFICATION);
    expect(await other.context?.settingsFor({ transactionId })).toBeUndefined();
  });

  it('reads the session once when the reader looked it up to verify the notification, and a second verdict of the notification reads it again', async () => {
    const reads = [jest.spyOn(stores.sessions, 'findByTransactionId'), jest.spyOn(stores.sessions, 'findByProviderRef'), jest.spyOn(stores.sessions, 'findById')];
    const readCount = (): number => reads.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    fake.verifiesWith = { transactionId, providerRef: 'auth-ref-1' };
    fake.next = { kind: 'accepted', facts: [grant({ providerRef: 'auth-ref-1' })], reply: ACCEPTED };
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
    expect(readCount()).toBe(1);
    const after = await stored();
    expect(after.attempts[0]).toMatchObject({ status: 'AUTHORIZED', granted: { amount: 4_000 } });
    expect(after.version).toBe(session.version + 1);

    reads.forEach((spy) => spy.mockClear());
    fake.next = { kind: 'accepted', facts: [grant({ transactionId }), grant({ providerRef: 'auth-ref-1' })], reply: ACCEPTED };
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
    expect(readCount()).toBe(2);
    expect(await stored()).toEqual(after);
  });

  it("never reuses a session the reader found for another operation: a verdict naming another transaction is looked up", async () => {
    fake.verifiesWith = { transactionId };
    fake.next = { kind: 'accepted', facts: [{ kind: 'declined', ref: { transactionId: 'not-ours' } }], reply: ACCEPTED };
    expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
    expect(await stored()).toEqual(session);
    expect(metrics.value(VERDICT_UNMATCHED_METRIC, { provider: 'fake', kind: 'declined' })).toBe(1);
  });

  it('hands chargebacks to the chargeback intake without touching the session', async () => {
    const dispute: PspFact = { kind: 'chargeback', providerRef: 'auth-ref-1', type: 'chargeback', amount: { amount: 100, currency: 'EUR' as never }, date: '2026-01-02' };
    fake.next = { kind: 'accepted', facts: [dispute], reply: ACCEPTED };
    await intake.receive('fake', NOTIFICATION);
    expect(chargebacks).toEqual([dispute]);
    expect(await stored()).toEqual(session);
  });

  describe('a notification authenticated with a contract acts only on that contract\u2019s operations (D80)', () => {
    it("refuses a verdict naming another merchant's operation: nothing changes, a warning without the body, the reader's reply", async () => {
      await otherSession('rival', 'rival-ref');
      fake.verifiesWith = { providerRef: 'rival-ref' };
      fake.next = { kind: 'accepted', facts: [grant({ providerRef: 'auth-ref-1' })], reply: ACCEPTED };
      expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
      expect(await stored()).toEqual(session);
      expect(logger.named('psp.notification_foreign_operation')).toEqual([expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ provider: 'fake', fact: 'authorized', providerRef: 'auth-ref-1' }) })]);
      expect(logger.named('psp.fact_received')).toEqual([]);
      expect(JSON.stringify(logger.lines)).not.toContain('BODY-SENTINEL');
    });

    it("refuses a verdict naming the same merchant's operation under another of its contracts", async () => {
      await stores.merchants.upsert({
        merchantId: session.merchantId,
        secretHash: 'x',
        webhookSigningSecretSealed: 'x',
        contracts: [
          { method: 'card', provider: 'fake', settings: { account: 'A' } },
          { id: 'card-b', method: 'card', provider: 'fake', settings: { account: 'B' } },
        ],
        contacts: [],
      });
      await otherSession('shop', 'other-contract-ref', 'card-b');
      fake.verifiesWith = { providerRef: 'other-contract-ref' };
      fake.next = { kind: 'accepted', facts: [grant({ transactionId })], reply: ACCEPTED };
      expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
      expect(await stored()).toEqual(session);
      expect(logger.named('psp.notification_foreign_operation')).toHaveLength(1);
    });

    it('still applies a verdict the reader verified through another reference of the same operation', async () => {
      fake.verifiesWith = { transactionId };
      fake.next = { kind: 'accepted', facts: [grant({ providerRef: 'auth-ref-1' })], reply: ACCEPTED };
      expect(await intake.receive('fake', NOTIFICATION)).toEqual(ACCEPTED);
      expect((await stored()).attempts[0]).toMatchObject({ status: 'AUTHORIZED' });
      expect(logger.named('psp.notification_foreign_operation')).toEqual([]);
    });

    it("hands a chargeback over with the scope: it admits the authenticating merchant's operation, never another merchant's", async () => {
      const rival = await otherSession('rival', 'rival-ref');
      fake.verifiesWith = { providerRef: 'rival-ref' };
      const dispute: PspFact = { kind: 'chargeback', providerRef: 'auth-ref-1', type: 'chargeback', amount: { amount: 100, currency: 'EUR' as never }, date: '2026-01-02' };
      fake.next = { kind: 'accepted', facts: [dispute], reply: ACCEPTED };
      await intake.receive('fake', NOTIFICATION);
      expect(scopes[0]?.admits(rival, rival.attempts[0]!)).toBe(true);
      expect(scopes[0]?.admits(session, session.attempts[0]!)).toBe(false);
    });
  });

  describe('a reversal (the PSP undid a capture or refund it had confirmed; Adyen REFUND_FAILED, REFUNDED_REVERSED, CAPTURE_FAILED)', () => {
    /** A PAID session (10 000 by card, captured), and a refund of 3 000 the PSP confirmed. */
    async function paidAndRefunded(): Promise<{ captureId: string; refundId: string }> {
      const factory = new SessionFactory({ merchantId: merchantId('shop'), now: () => clock.now(), newId: () => ids.newId() });
      const started = startAttempt(factory.pending({ total: 10_000 }), { methodId: 'card', amount: 10_000 }, factory.ctx());
      const granted = applyFact(started.session, { kind: 'authorized', ref: { transactionId: started.transactionId }, providerRef: 'pay-2', granted: { amount: 10_000, currency: 'EUR' as never } }, factory.ctx());
      const captureId = operationsOwedSince(started.session, granted)[0]!.transactionId;
      const paid = applyFact(granted, { kind: 'captured', success: true, ref: { transactionId: captureId } }, factory.ctx());
      const refund = requestRefund(paid, started.attemptId, { amount: 3_000 }, factory.ctx());
      const refunded = applyFact(refund.session, { kind: 'refunded', success: true, ref: { transactionId: refund.transactionId } }, factory.ctx());
      expect(refunded).toMatchObject({ status: 'PAID', attempts: [{ refunded: { amount: 3_000 } }] });
      await stores.sessions.insert({ ...refunded, version: 1 });
      session = (await stores.sessions.findById(refunded.id))!;
      return { captureId, refundId: refund.transactionId };
    }

    it('of a refund: applied (failed, its amount refundable again) and told to the operator at warn; delivered again, nothing more', async () => {
      const { refundId } = await paidAndRefunded();
      const reversal: PspFact = { kind: 'refunded', success: false, reverses: true, ref: { transactionId: refundId }, statusCode: 'REFUNDED_REVERSED' };
      fake.next = { kind: 'accepted', facts: [reversal], reply: ACCEPTED };
      await intake.receive('fake', NOTIFICATION);
      const after = await stored();
      expect(after.attempts[0]).toMatchObject({ refunded: { amount: 0 } });
      expect(after.attempts[0]!.transactions.find((t) => t.id === refundId)!.status).toEqual({ kind: 'failed', statusCode: 'REFUNDED_REVERSED' });
      expect(logger.named('psp.operation_reversed')).toEqual([
        expect.objectContaining({ level: 'warn', fields: expect.objectContaining({ sessionId: session.id, transactionId: refundId, statusCode: 'REFUNDED_REVERSED', applied: true }) }),
      ]);
      await intake.receive('fake', NOTIFICATION);
      expect(await stored()).toEqual(after);
      expect(logger.named('psp.operation_reversed')).toHaveLength(1);
    });

    it('of a capture on a PAID session: not applied (the order is not reopened), an error line for the operator', async () => {
      const { captureId } = await paidAndRefunded();
      fake.next = { kind: 'accepted', facts: [{ kind: 'captured', success: false, reverses: true, ref: { transactionId: captureId }, statusCode: 'CAPTURE_FAILED' }], reply: ACCEPTED };
      await intake.receive('fake', NOTIFICATION);
      expect(await stored()).toEqual(session);
      expect(logger.named('psp.operation_reversed')).toEqual([
        expect.objectContaining({ level: 'error', fields: expect.objectContaining({ sessionId: session.id, transactionId: captureId, statusCode: 'CAPTURE_FAILED', applied: false }) }),
      ]);
    });
  });

  it('answers NotFound for a provider the platform does not carry', async () => {
    await expect(intake.receive('nobody', NOTIFICATION)).rejects.toMatchObject({ code: 'NotFound' });
    await expect(intake.receive('nobody', NOTIFICATION)).rejects.toBeInstanceOf(DomainError);
  });

  it('lets a store failure through (the door answers 500 and the PSP resends), having changed nothing', async () => {
    const failing: SessionRepository = Object.assign(Object.create(stores.sessions) as SessionRepository, {
      findByTransactionId: async () => {
        throw new Error('store unavailable');
      },
    });
    const broken = new PspNotificationIntake({
      registry: new PspRegistry([fake]),
      sessions: failing,
      writer: new SessionWriter({ sessions: failing, clock: new ManualClock(0), ids: new UuidV7IdGenerator(), policy: DEFAULT_POLICY, nextDueAt }),
      dispatcher: undefined as never,
      gateway: undefined as never,
      chargebacks: { receive: async () => ({ kind: 'unattached' }) as const },
      logger,
      metrics,
    });
    fake.next = { kind: 'accepted', facts: [grant({ transactionId })], reply: ACCEPTED };
    await expect(broken.receive('fake', NOTIFICATION)).rejects.toThrow('store unavailable');
    expect(await stored()).toEqual(session);
  });
});
