import type { OpenInput, OpenOutput, PspDriver, Session } from '@splitpay/domain';
import { CapturingLogger, CARD_CAPS } from '@splitpay/domain/src/testing';
import { payerUseCaseParts, storedPayerSession, type TestStores } from '../testing/payer-use-case.fixture';
import { StartAttemptUseCase } from './start-attempt.use-case';

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

function useCaseOver(stores: TestStores, session: Session, driver: CardDriver, logger: CapturingLogger) {
  const { deps, access, views } = payerUseCaseParts(stores, session, [driver as unknown as PspDriver], logger);
  return new StartAttemptUseCase(deps, access, views);
}

describe("StartAttemptUseCase: the payer's device", () => {
  it("hands the driver's open the payer's IP the door saw, and neither stores nor logs it", async () => {
    const { stores, session } = await storedPayerSession();
    const driver = new CardDriver();
    const logger = new CapturingLogger();
    await useCaseOver(stores, session, driver, logger).execute('pst_x', { methodId: 'card', amount: 4_000, payerDevice: { ip: PAYER_IP } });
    expect(driver.opens.map((input) => input.payerDevice)).toEqual([{ ip: PAYER_IP }]);
    expect(logger.named('psp.attempt_opened')).toHaveLength(1);
    expect(JSON.stringify(await stores.sessions.findById(session.id))).not.toContain(PAYER_IP);
    expect(logger.lines.join('\n')).not.toContain(PAYER_IP);
  });

  it('opens without a device when the door knows none', async () => {
    const { stores, session } = await storedPayerSession();
    const driver = new CardDriver();
    await useCaseOver(stores, session, driver, new CapturingLogger()).execute('pst_x', { methodId: 'card', amount: 4_000 });
    expect(driver.opens).toHaveLength(1);
    expect(driver.opens[0]).not.toHaveProperty('payerDevice');
  });
});
