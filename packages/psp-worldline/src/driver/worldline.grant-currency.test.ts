import { money, type LookupInput, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { MERCHANT, payment, SETTINGS, TEST_BASE } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

const P = `/v2/${MERCHANT}/payments`;
const TX = '5a1c9a4e-1b7d-4c5e-9f00-aa11bb22cc44' as TransactionId;
const PAY = '4000054321_0';
const logger = new CapturingLogger();
const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
const wero = provider.drivers.find((d) => d.method === 'wero')!;

/** The lookup of a session asking `asked` (its currency is the session's). */
const lookupInput = (asked: ReturnType<typeof money>): LookupInput => ({
  transactionId: TX,
  attemptId: 'att-1' as LookupInput['attemptId'],
  reference: 'order-7',
  offer: { id: 'wero', method: 'wero', provider: 'worldline', capabilities: wero.capabilitiesFor!(SETTINGS), partialRefunds: true } as LookupInput['offer'],
  settings: SETTINGS,
  amount: asked,
  target: { transactionId: TX, providerRef: PAY },
});

/** A held payment as Worldline answers it, without the amountOfMoney it usually states. */
function heldWithoutAmount() {
  const held = payment({ id: PAY, status: 'PENDING_CAPTURE', statusCode: 5, amount: 0, merchantReference: TX });
  const { amountOfMoney: _amount, ...rest } = held.paymentOutput;
  return { ...held, paymentOutput: rest };
}

isolateNock();
afterEach(() => nock.cleanAll());

describe('Worldline driver, a non-EUR session: the grant Worldline does not price is the asked amount, in its currency', () => {
  it.each([money(4_200, 'GBP'), money(7_000, 'JPY')])('lookup and return grant %o', async (asked) => {
    nock(TEST_BASE).get(`${P}/${PAY}`).twice().reply(200, heldWithoutAmount());
    const granted = { kind: 'authorized', ref: { transactionId: TX, providerRef: PAY }, providerRef: PAY, granted: asked, statusCode: '5' };
    expect((await wero.lookup!(lookupInput(asked))).facts).toEqual([granted]);
    expect((await wero.completeReturn!({ ...lookupInput(asked), params: {} })).facts).toEqual([granted]);
  });
});
