import { money, type NotificationContext } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import { payment, SETTINGS, webhook } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

const ID = '4000067890_0';
const TX = 'tx-gbp';
const context: NotificationContext = { settingsFor: async (ref) => (ref.providerRef === ID ? SETTINGS : undefined) };
const opening = { transactionId: TX, providerRef: ID };

/** A payment of a GBP session as Worldline writes it, or without its amountOfMoney. */
function gbpPayment(status: string, statusCode: number, stated: boolean) {
  const paid = payment({ id: ID, status, statusCode, amount: 4_200, merchantReference: TX, product: 900 });
  const { amountOfMoney: _amount, ...rest } = paid.paymentOutput;
  return { ...paid, paymentOutput: stated ? { ...rest, amountOfMoney: { amount: 4_200, currencyCode: 'GBP' } } : rest };
}

async function read(type: string, object: ReturnType<typeof gbpPayment>) {
  const logger = new CapturingLogger();
  const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
  const parsed = await provider.parseNotification(webhook(type, { payment: object as never }), context);
  if (parsed.kind !== 'accepted') throw new Error(parsed.reason);
  return { facts: parsed.facts, logger };
}

describe('Worldline webhooks of a non-EUR session: the grant is never given in a currency nobody said', () => {
  it('a grant Worldline states in GBP is granted in GBP', async () => {
    const { facts } = await read('payment.pending_capture', gbpPayment('PENDING_CAPTURE', 5, true));
    expect(facts).toEqual([{ kind: 'authorized', ref: opening, providerRef: ID, granted: money(4_200, 'GBP'), statusCode: '5' }]);
  });

  it('a granted payment without its amount gives no grant (no EUR 0 the core would refuse) and says why; its other facts stand', async () => {
    const held = await read('payment.pending_capture', gbpPayment('PENDING_CAPTURE', 5, false));
    expect(held.facts).toEqual([]);
    expect(held.logger.named('worldline.grant_without_amount')).toEqual([
      { level: 'warn', event: 'worldline.grant_without_amount', fields: { eventType: 'payment.pending_capture', providerRef: ID } },
    ]);

    const captured = await read('payment.captured', gbpPayment('CAPTURED', 9, false));
    expect(captured.facts).toEqual([{ kind: 'captured', success: true, ref: { providerRef: ID }, statusCode: '9' }]);
    expect(captured.logger.named('worldline.grant_without_amount')).toHaveLength(1);
  });

  it('a verdict that is no grant needs no amount and logs nothing', async () => {
    const rejected = await read('payment.rejected', gbpPayment('REJECTED', 2, false));
    expect(rejected.facts).toEqual([{ kind: 'declined', ref: opening, providerRef: ID, category: 'bank-refusal', statusCode: '2' }]);
    expect(rejected.logger.named('worldline.grant_without_amount')).toEqual([]);
  });
});
