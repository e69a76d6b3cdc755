import { money, recordOpenOutcome, startAttempt, type ConfirmInput, type DriverOrder, type OperationOutput, type PspDriver, type Session } from '@splitpay/domain';
import { CapturingLogger, HOLD_CAPS } from '@splitpay/domain/src/testing';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { ConfirmAttemptUseCase } from './confirm-attempt.use-case';
import { aSession, ctxAt, T0 } from './payer.fixture';
import { payerUseCaseParts, type TestStores } from '../testing/payer-use-case.fixture';

const FR = 'FR' as NonNullable<NonNullable<DriverOrder['billing']>['country']>;
const PAYMENT_TOKEN = '{"version":"EC_v1","data":"d2FsbGV0LWNpcGhlcnRleHQ="}';

/** The order the merchant gave at session creation, every field the driver's order carries. */
const ORDER: Partial<Session> = {
  customer: { ident: 'cust-7', email: 'ada@example.test', firstName: 'Ada', lastName: 'Lovelace', activity: { transactionsLast24h: 1 } },
  billing: { firstName: 'Ada', lastName: 'Lovelace', address: '12 rue des Lilas', postalCode: '75011', city: 'Paris', country: FR },
  shipping: { firstName: 'Charles', lastName: 'Babbage', address: '3 quai Voltaire', postalCode: '75007', city: 'Paris', country: FR },
  cartItems: [{ label: 'Notebook', quantity: 1, amount: money(4_000, 'EUR') }],
  travel: { passenger: { firstName: 'Ada', lastName: 'Lovelace' } },
  statementDescriptor: 'SPLITPAY SHOP',
  extraData: 'basket-99',
};

/** An in-page wallet driver on provider `psp` that records what its confirm was given. */
class WalletDriver implements Partial<PspDriver> {
  readonly provider = 'psp';
  readonly method = 'applepay' as const;
  readonly capabilities = { ...HOLD_CAPS, confirm: true };
  readonly confirms: ConfirmInput[] = [];
  async confirm(input: ConfirmInput): Promise<OperationOutput> {
    this.confirms.push(input);
    return { ack: { outcome: 'accepted' }, facts: [] };
  }
}

/** A stored session with `ORDER`, whose Apple Pay tranche of 40.00 the PSP accepted to open. */
async function openedWalletTranche() {
  const stores = createEmbeddedStores();
  const started = startAttempt({ ...aSession(), ...ORDER }, { methodId: 'applepay', amount: 4_000 }, ctxAt(T0));
  const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted' }, facts: [] }, ctxAt(T0));
  await stores.sessions.insert({ ...opened, version: 1 });
  return { stores, session: (await stores.sessions.findById(opened.id))!, attemptId: started.attemptId };
}

function useCaseOver(stores: TestStores, session: Session, driver: WalletDriver, logger: CapturingLogger) {
  const { deps, access, views } = payerUseCaseParts(stores, session, [driver as unknown as PspDriver], logger);
  return new ConfirmAttemptUseCase(deps, access, views);
}

describe('ConfirmAttemptUseCase (second leg of an in-page wallet)', () => {
  it('a confirm its PSP left without a usable answer is answered InternalError, once recorded: the attempt stays in flight, confirmed, its ack unknown', async () => {
    const { stores, session, attemptId } = await openedWalletTranche();
    const driver = new WalletDriver();
    driver.confirm = async (input) => (driver.confirms.push(input), { ack: { outcome: 'unknown', httpStatus: 500, message: 'boom' }, facts: [] });
    const answered = useCaseOver(stores, session, driver, new CapturingLogger()).execute('pst_x', attemptId, { input: { method: 'applepay', paymentToken: PAYMENT_TOKEN } });
    await expect(answered).rejects.toMatchObject({ code: 'InternalError' });
    const attempt = (await stores.sessions.findById(session.id))!.attempts[0]!;
    expect(attempt).toMatchObject({ status: 'AUTHORIZING', confirmedAt: expect.any(Number) });
    expect(attempt.transactions[0]).toMatchObject({ status: { kind: 'pending' }, ack: { httpStatus: 500 } });
  });

  it('an accepted confirm is answered with the view', async () => {
    const { stores, session, attemptId } = await openedWalletTranche();
    const answered = useCaseOver(stores, session, new WalletDriver(), new CapturingLogger()).execute('pst_x', attemptId, { input: { method: 'applepay', paymentToken: PAYMENT_TOKEN } });
    await expect(answered).resolves.toBeDefined();
  });

  it("hands the driver's confirm the session's order as the open had it, with the token and the return door", async () => {
    const { stores, session, attemptId } = await openedWalletTranche();
    const driver = new WalletDriver();
    await useCaseOver(stores, session, driver, new CapturingLogger()).execute('pst_x', attemptId, { input: { method: 'applepay', paymentToken: PAYMENT_TOKEN } });
    expect(driver.confirms).toHaveLength(1);
    const [input] = driver.confirms;
    expect(input?.order).toEqual({ orderId: 'order-1', ...ORDER });
    expect(input).toMatchObject({ payerInput: { method: 'applepay', paymentToken: PAYMENT_TOKEN }, returnUrl: `https://pay.example/elements/return/${attemptId}` });
    expect(input).not.toHaveProperty('payerDevice');
  });

  it("hands the driver's confirm the payer's IP the door saw, and neither stores nor logs it", async () => {
    const { stores, session, attemptId } = await openedWalletTranche();
    const driver = new WalletDriver();
    const logger = new CapturingLogger();
    const ip = '2001:db8::7:42';
    await useCaseOver(stores, session, driver, logger).execute('pst_x', attemptId, { input: { method: 'applepay', paymentToken: PAYMENT_TOKEN }, payerDevice: { ip } });
    expect(driver.confirms.map((input) => input.payerDevice)).toEqual([{ ip }]);
    expect(logger.named('psp.attempt_confirmed')).toHaveLength(1);
    expect(JSON.stringify(await stores.sessions.findById(session.id))).not.toContain(ip);
    expect(logger.lines.join('\n')).not.toContain(ip);
  });

  it('an order without its optional fields is the order id alone, and the token is neither stored nor logged', async () => {
    const stores = createEmbeddedStores();
    const started = startAttempt(aSession(), { methodId: 'applepay', amount: 4_000 }, ctxAt(T0));
    const opened = recordOpenOutcome(started.session, started.attemptId, { ack: { outcome: 'accepted' }, facts: [] }, ctxAt(T0));
    await stores.sessions.insert({ ...opened, version: 1 });
    const session = (await stores.sessions.findById(opened.id))!;
    const driver = new WalletDriver();
    const logger = new CapturingLogger();
    await useCaseOver(stores, session, driver, logger).execute('pst_x', started.attemptId, { input: { method: 'applepay', paymentToken: PAYMENT_TOKEN } });
    expect(driver.confirms[0]?.order).toEqual({ orderId: 'order-1' });
    expect(JSON.stringify(await stores.sessions.findById(session.id))).not.toContain('d2FsbGV0LWNpcGhlcnRleHQ');
    expect(JSON.stringify(logger.lines)).not.toContain('d2FsbGV0LWNpcGhlcnRleHQ');
  });
});
