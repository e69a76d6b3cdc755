import {
  DEFAULT_POLICY,
  money,
  nextDueAt,
  recordOpenOutcome,
  startAttempt,
  type ActionResultInput,
  type LookupInput,
  type OpenInput,
  type OperationOutput,
  type PageAction,
  type PspDriver,
  type PspFact,
  type Session,
} from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS } from '@splitpay/domain/src/testing';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { ConfirmAttemptUseCase } from '../payer/confirm-attempt.use-case';
import { PayerReturnUseCase } from '../payer/payer-return.use-case';
import { aSession, ctxAt, T0 } from '../payer/payer.fixture';
import { StartAttemptUseCase } from '../payer/start-attempt.use-case';
import { dispatchingCore, openedTranche, sessionWorkerOn } from '../testing/dispatching.fixture';
import { payerUseCaseParts, storedPayerSession, type TestStores } from '../testing/payer-use-case.fixture';

// D132: a driver's own answer (open, in-page action, return, status lookup) granting in another
// currency than the operation asked is no verdict, as a notification's is not (D125-b): the core
// applies nothing from it, logs it at error, and the operation stays pending. Before, the domain threw
// "Currency mismatch": a 500 on the payer's door, a worker turn failing on every claim.

const FINGERPRINT: PageAction = { kind: 'hosted-fields', action: { type: 'threeDS2', subtype: 'fingerprint', token: 'fp-token' }, resultFields: ['threeDSResult'] };

/** A USD grant of what was asked, for the operation `transactionId` (EUR everywhere in these sessions). */
function usdGrant(transactionId: string, providerRef = 'psp-ref-usd'): PspFact {
  return { kind: 'authorized', ref: { transactionId }, providerRef, granted: money(4_000, 'USD') };
}

/** A card driver whose every answer grants in USD. */
class UsdGrantingDriver implements Partial<PspDriver> {
  readonly method = 'card' as const;
  readonly capabilities = CARD_CAPS;
  readonly lookups: LookupInput[] = [];
  constructor(readonly provider: string) {}
  async open(input: OpenInput): Promise<OperationOutput> {
    return { ack: { outcome: 'accepted', providerRef: 'psp-ref-usd' }, facts: [usdGrant(input.transactionId)] };
  }
  async completeAction(input: ActionResultInput): Promise<OperationOutput> {
    return { ack: { outcome: 'accepted', code: 'Authorised' }, facts: [usdGrant(input.transactionId)] };
  }
  async completeReturn(input: { readonly transactionId: string }): Promise<OperationOutput> {
    return { ack: { outcome: 'accepted' }, facts: [usdGrant(input.transactionId)] };
  }
  async lookup(input: LookupInput): Promise<OperationOutput> {
    this.lookups.push(input);
    return { ack: { outcome: 'accepted' }, facts: [usdGrant(input.transactionId, 'psp-ref-1')] };
  }
}

const stored = async (stores: TestStores, id: Session['id']): Promise<Session> => (await stores.sessions.findById(id))!;

function mismatchLine(fields: Record<string, unknown>) {
  return {
    level: 'error',
    event: 'psp.grant_currency_mismatch',
    fields: expect.objectContaining({ fact: 'authorized', grantedCurrency: 'USD', askedCurrency: 'EUR', ...fields }),
  };
}

describe("a grant in another currency in a driver's own answer (D132)", () => {
  it('the open answer: the start is answered, no grant applied, the opening still pending and due for its lookup, an error line', async () => {
    const { stores, session } = await storedPayerSession();
    const logger = new CapturingLogger();
    const { deps, access, views } = payerUseCaseParts(stores, session, [new UsdGrantingDriver('psp')], logger);

    const { attemptId } = await new StartAttemptUseCase(deps, access, views).execute('pst_x', { methodId: 'card', amount: 4_000 });

    const attempt = (await stored(stores, session.id)).attempts[0]!;
    expect(attempt).toMatchObject({ id: attemptId, status: 'AUTHORIZING', granted: { amount: 0, currency: 'EUR' } });
    expect(attempt.transactions[0]).toMatchObject({ providerRef: 'psp-ref-usd', status: { kind: 'pending' } });
    expect(attempt.verdictDueAt).toBeDefined();
    expect(logger.named('psp.grant_currency_mismatch')).toEqual([
      mismatchLine({ provider: 'psp', source: 'open', sessionId: session.id, attemptId, transactionId: attempt.transactions[0]!.id, providerRef: 'psp-ref-usd' }),
    ]);
  });

  it("the in-page action's answer: answered, the opening still pending", async () => {
    const stores = createEmbeddedStores();
    const started = startAttempt(aSession(), { methodId: 'card', amount: 4_000 }, ctxAt(T0));
    const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted' }, pageAction: FINGERPRINT, facts: [] }, ctxAt(T0));
    await stores.sessions.insert({ ...opened, version: 1 });
    const session = await stored(stores, opened.id);
    const logger = new CapturingLogger();
    const { deps, access, views } = payerUseCaseParts(stores, session, [new UsdGrantingDriver('psp')], logger);

    await new ConfirmAttemptUseCase(deps, access, views).execute('pst_x', started.attemptId, { input: { method: 'card', details: { threeDSResult: 'r' } } });

    const attempt = (await stored(stores, session.id)).attempts[0]!;
    expect(attempt).toMatchObject({ status: 'AUTHORIZING', granted: { amount: 0 } });
    expect(attempt.transactions[0]?.status.kind).toBe('pending');
    expect(logger.named('psp.grant_currency_mismatch')).toEqual([mismatchLine({ provider: 'psp', source: 'action', attemptId: started.attemptId, transactionId: started.transactionId })]);
  });

  it('the return: the payer is sent on, the opening still pending', async () => {
    const core = dispatchingCore([new UsdGrantingDriver('fake')]);
    const { session, attemptId, transactionId } = await openedTranche(core, 4_000, { fields: { returnUrl: 'https://shop.example/back' } });
    const useCase = new PayerReturnUseCase({ sessions: core.stores.sessions, gateway: core.gateway, logger: core.logger, writer: core.writer, dispatcher: core.dispatcher });

    expect(await useCase.execute(attemptId, { redirectResult: 'r1' })).toEqual({ kind: 'redirect', url: 'https://shop.example/back' });

    const attempt = (await stored(core.stores, session.id)).attempts[0]!;
    expect(attempt).toMatchObject({ status: 'AUTHORIZING', granted: { amount: 0 } });
    expect(attempt.transactions[0]?.status.kind).toBe('pending');
    expect(core.logger.named('psp.grant_currency_mismatch')).toEqual([mismatchLine({ provider: 'fake', source: 'return', attemptId, transactionId })]);
  });

  it("the session worker's status lookup: the turn is saved, the opening still pending, the next lookup scheduled and made", async () => {
    const driver = new UsdGrantingDriver('fake');
    const core = dispatchingCore([driver]);
    const { session, attemptId, transactionId } = await openedTranche(core, 4_000);
    await core.stores.sessions.save({ ...session, version: session.version + 1, dueAt: nextDueAt(session, DEFAULT_POLICY)! }, { expectedVersion: session.version });
    const worker = sessionWorkerOn(core, 'instance-a');

    core.clock.advance(DEFAULT_POLICY.verdictOverdueMs);
    await worker.runOnce();

    expect(core.logger.named('session_worker.turn_failed')).toEqual([]);
    const afterFirst = (await stored(core.stores, session.id)).attempts[0]!;
    expect(afterFirst).toMatchObject({ status: 'AUTHORIZING', granted: { amount: 0 } });
    expect(afterFirst.transactions[0]?.status.kind).toBe('pending');
    expect(afterFirst.verdictDueAt).toBeGreaterThan(core.clock.now());
    expect(core.logger.named('psp.grant_currency_mismatch')).toEqual([
      mismatchLine({ provider: 'fake', source: 'lookup', sessionId: session.id, attemptId, transactionId, providerRef: 'psp-ref-1' }),
    ]);

    core.clock.advance(afterFirst.verdictDueAt! - core.clock.now());
    await worker.runOnce();
    expect(driver.lookups).toHaveLength(2);
    expect(core.logger.named('session_worker.turn_failed')).toEqual([]);
    expect((await stored(core.stores, session.id)).attempts[0]!.transactions[0]?.status.kind).toBe('pending');
  });
});
