import type { OpenInput, PspDriver, PspProvider } from '@splitpay/domain';
import { FAKE_CAPABILITIES } from '@splitpay/psp-fake';
import { merchantEntry, SHOP } from '../support/merchants.fixture';
import { useService } from '../support/use-service';

/**
 * Customer.firstName "is used as cardholder name when the card form does not collect one": the card
 * acquirer gets the customer's name with the payer's card data, unless the form asked the payer.
 */

const ACQUIRER = 'recording-acquirer';
const opened: OpenInput[] = [];

function recordingAcquirer(): PspProvider {
  const unused = async (): Promise<never> => {
    throw new Error(`${ACQUIRER} only opens attempts`);
  };
  const card = {
    provider: ACQUIRER,
    method: 'card',
    capabilities: { ...FAKE_CAPABILITIES.card, statusLookup: false },
    open: async (input: OpenInput) => {
      opened.push(input);
      return { ack: { outcome: 'accepted', httpStatus: 201 }, facts: [] };
    },
    capture: unused,
    void: unused,
    refund: unused,
  } as unknown as PspDriver;
  return { id: ACQUIRER, drivers: [card], parseNotification: unused };
}

const order = (orderId: string, extra: Record<string, unknown>) => ({ currency: 'EUR', total: 10_000, orderId, ...extra });
const TOKEN_INPUT = { method: 'card', token: 'acquirer-token-1' };

describe("card attempts: the customer's name stands in for a cardholder name the form did not collect", () => {
  const h = useService({
    merchants: { merchants: [merchantEntry(SHOP, [{ method: 'card', provider: ACQUIRER, schemes: ['cb', 'visa'] }])] },
    extraProviders: [recordingAcquirer()],
  });
  beforeEach(() => {
    opened.length = 0;
  });

  async function payerInputSent(body: Record<string, unknown>, input: Record<string, unknown>): Promise<Readonly<Record<string, unknown>> | undefined> {
    const { page } = await h.openPage(body);
    const started = await page.start({ methodId: 'card', amount: 10_000, input });
    expect(started.status).toBe(201);
    expect(opened).toHaveLength(1);
    return opened[0]?.payerInput;
  }

  it('a form without the cardholder field: the customer first name, then last name, goes as the holder', async () => {
    const sent = await payerInputSent(order('holder-1', { methods: [{ method: 'card' }], customer: { firstName: 'Ada', lastName: 'Lovelace' } }), TOKEN_INPUT);
    expect(sent).toEqual({ ...TOKEN_INPUT, holder: 'Ada Lovelace' });
  });

  it('a customer with a first name only: the first name is the holder', async () => {
    const sent = await payerInputSent(order('holder-2', { methods: [{ method: 'card' }], customer: { firstName: 'Ada' } }), TOKEN_INPUT);
    expect(sent).toEqual({ ...TOKEN_INPUT, holder: 'Ada' });
  });

  it('a form that collects the cardholder name: the payer typed it, the customer is not substituted', async () => {
    const body = order('holder-3', { methods: [{ method: 'card', cardHolder: true }], customer: { firstName: 'Ada', lastName: 'Lovelace' } });
    expect(await payerInputSent(body, { ...TOKEN_INPUT, holder: 'Grace Hopper' })).toEqual({ ...TOKEN_INPUT, holder: 'Grace Hopper' });
  });

  it('a form that collects the cardholder name, left empty: the customer is not substituted either', async () => {
    const body = order('holder-5', { methods: [{ method: 'card', cardHolder: true }], customer: { firstName: 'Ada', lastName: 'Lovelace' } });
    expect(await payerInputSent(body, TOKEN_INPUT)).toEqual(TOKEN_INPUT);
  });

  it('a holder typed with a control character, a line break or a lone surrogate is InvalidRequest naming input.holder; nothing is opened (D67)', async () => {
    const { page } = await h.openPage(order('holder-6', { methods: [{ method: 'card', cardHolder: true }] }));
    for (const holder of ['Ada\nLovelace', 'Ada\u0000', 'Ada\u0085', 'Ada\uD83D']) {
      const started = await page.start({ methodId: 'card', amount: 10_000, input: { ...TOKEN_INPUT, holder } });
      expect([started.status, started.body.code, started.body.message]).toEqual([400, 'InvalidRequest', expect.stringMatching(/^input\.holder must not contain a control character/)]);
    }
    expect(opened).toEqual([]);
    expect(await payerInputSent(order('holder-7', { methods: [{ method: 'card', cardHolder: true }] }), { ...TOKEN_INPUT, holder: 'Zoë 李 محمد' })).toEqual({ ...TOKEN_INPUT, holder: 'Zoë 李 محمد' });
  });

  it('no customer first name: nothing is made up', async () => {
    const sent = await payerInputSent(order('holder-4', { methods: [{ method: 'card' }], customer: { lastName: 'Lovelace' } }), TOKEN_INPUT);
    expect(sent).toEqual(TOKEN_INPUT);
  });
});
