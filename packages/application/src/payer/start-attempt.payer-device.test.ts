import { DEFAULT_POLICY, nextDueAt, PspRegistry, type OpenInput, type OpenOutput, type PspDriver, type Session } from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS } from '@splitpay/domain/src/testing';
import { CounterMetrics, ManualClock, UuidV7IdGenerator } from '@splitpay/infra';
import { createEmbeddedStores } from '@splitpay/store-embedded';
import { OwedOperationDispatcher } from '../psp/owed-operation.dispatcher';
import { PspGateway } from '../psp/psp-gateway';
import { SessionWriter } from '../session-writer';
import type { ElementsAccess } from './elements-access';
import type { PayerDeps } from './payer.deps';
import { aSession, T0 } from './payer.fixture';
import { StartAttemptUseCase } from './start-attempt.use-case';
import type { ViewPresenter } from './view-presenter';

const PAYER_IP = '198.51.100.73';

/** A card driver on provider `psp` that records what its open was given. */
class CardDriver implements Partial<PspDriver> {
  readonly provider = 'psp';
  readonly method = 'card' as const;
  readonly capabilities = CARD_CAPS;
  readonly opens: OpenInput[] = [];
  async open(input: OpenInput): Promise<OpenOutput> {
    this.opens.push(input);
    return { ack: { outcome: 'accepted' }, facts: [] };
  }
}

function useCaseOver(stores: ReturnType<typeof createEmbeddedStores>, session: Session, driver: CardDriver, logger: CapturingLogger) {
  const clock = new ManualClock(T0);
  const registry = new PspRegistry([{ id: 'psp', drivers: [driver as unknown as PspDriver], parseNotification: async () => ({ kind: 'rejected', reason: '', reply: { status: 401, contentType: '', body: '' } }) }]);
  const gateway = new PspGateway({ registry, merchants: { findById: async () => null } as never, sealer: { open: (s) => s } });
  const writer = new SessionWriter({ sessions: stores.sessions, clock, ids: new UuidV7IdGenerator(), policy: DEFAULT_POLICY, nextDueAt });
  const dispatcher = new OwedOperationDispatcher({ gateway, writer, logger, metrics: new CounterMetrics() });
  const deps = { sessions: stores.sessions, writer, gateway, dispatcher, clock, logger, publicBaseUrl: () => 'https://pay.example/' } as unknown as PayerDeps;
  const access = { act: async () => session } as unknown as ElementsAccess;
  const views = { present: async () => ({}) } as unknown as ViewPresenter;
  return new StartAttemptUseCase(deps, access, views);
}

async function storedSession() {
  const stores = createEmbeddedStores();
  const created = aSession();
  await stores.sessions.insert({ ...created, version: 1 });
  return { stores, session: (await stores.sessions.findById(created.id))! };
}

describe("StartAttemptUseCase: the payer's device", () => {
  it("hands the driver's open the payer's IP the door saw, and neither stores nor logs it", async () => {
    const { stores, session } = await storedSession();
    const driver = new CardDriver();
    const logger = new CapturingLogger();
    await useCaseOver(stores, session, driver, logger).execute('pst_x', { methodId: 'card', amount: 4_000, payerDevice: { ip: PAYER_IP } });
    expect(driver.opens.map((input) => input.payerDevice)).toEqual([{ ip: PAYER_IP }]);
    expect(logger.named('psp.attempt_opened')).toHaveLength(1);
    expect(JSON.stringify(await stores.sessions.findById(session.id))).not.toContain(PAYER_IP);
    expect(logger.lines.join('\n')).not.toContain(PAYER_IP);
  });

  it('opens without a device when the door knows none', async () => {
    const { stores, session } = await storedSession();
    const driver = new CardDriver();
    await useCaseOver(stores, session, driver, new CapturingLogger()).execute('pst_x', { methodId: 'card', amount: 4_000 });
    expect(driver.opens).toHaveLength(1);
    expect(driver.opens[0]).not.toHaveProperty('payerDevice');
  });
});
