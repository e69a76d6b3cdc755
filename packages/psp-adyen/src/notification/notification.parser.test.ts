import { money, type NotificationContext, type OperationRef } from '@splitpay/domain';
import { HMAC_KEY, MERCHANT_ACCOUNT, notificationItem, SETTINGS, silentLogger, uncountedMetrics, webhook } from '../testing/adyen-fixtures';
import { parseAdyenNotification } from './notification.parser';

const quiet = { logger: silentLogger, metrics: uncountedMetrics };
const PAYMENT_TX = '0190c0de-0000-7000-8000-000000000001';
const CAPTURE_TX = '0190c0de-0000-7000-8000-000000000002';
const REFUND_TX = '0190c0de-0000-7000-8000-000000000003';
const OURS = new Set([PAYMENT_TX, CAPTURE_TX, REFUND_TX, 'PSPPAY']);

/** The service's side: our operations' contract settings, nothing for others. */
const context: NotificationContext = {
  settingsFor: async (ref: OperationRef) => (OURS.has(ref.transactionId ?? '') || OURS.has(ref.providerRef ?? '') ? SETTINGS : undefined),
};

const parse = (items: Record<string, unknown>[]) => parseAdyenNotification(webhook(items), context, quiet);
const ACCEPTED = { status: 200, contentType: 'text/plain', body: '[accepted]' };

describe('Adyen webhook: event codes to facts', () => {
  it('AUTHORISATION success: authorized for the amount, answered [accepted]', async () => {
    const parsed = await parse([notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 6_000, paymentMethod: 'mc' })]);
    expect(parsed).toEqual({
      kind: 'accepted',
      reply: ACCEPTED,
      facts: [{ kind: 'authorized', ref: { transactionId: PAYMENT_TX, providerRef: 'PSPPAY' }, providerRef: 'PSPPAY', granted: money(6_000, 'EUR'), statusCode: 'AUTHORISATION', cardScheme: 'mastercard' }],
    });
  });

  it('AUTHORISATION failure: declined, its category read from the refusal reason', async () => {
    const parsed = await parse([notificationItem({ eventCode: 'AUTHORISATION', success: false, pspReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 6_000, reason: 'Not enough balance' })]);
    expect(parsed.kind === 'accepted' && parsed.facts).toEqual([
      { kind: 'declined', ref: { transactionId: PAYMENT_TX, providerRef: 'PSPPAY' }, providerRef: 'PSPPAY', category: 'insufficient-funds', statusCode: 'AUTHORISATION', statusMessage: 'Not enough balance' },
    ]);
  });

  it.each([
    ['CAPTURE', true, CAPTURE_TX, 'captured', true, {}],
    ['CAPTURE', false, CAPTURE_TX, 'captured', false, {}],
    ['CAPTURE_FAILED', true, CAPTURE_TX, 'captured', false, { reverses: true }],
    ['CANCELLATION', true, CAPTURE_TX, 'voided', true, {}],
    ['CANCELLATION', false, CAPTURE_TX, 'voided', false, {}],
    ['TECHNICAL_CANCEL', true, CAPTURE_TX, 'voided', true, {}],
    ['REFUND', true, REFUND_TX, 'refunded', true, {}],
    ['REFUND', false, REFUND_TX, 'refunded', false, {}],
    ['REFUND_FAILED', true, REFUND_TX, 'refunded', false, { reverses: true }],
    ['REFUNDED_REVERSED', true, REFUND_TX, 'refunded', false, { reverses: true }],
  ] as const)('%s success=%s: %s, success %s, naming our operation %j', async (eventCode, success, reference, kind, ok, reversal) => {
    const parsed = await parse([notificationItem({ eventCode, success, pspReference: 'PSPMOD', originalReference: 'PSPPAY', merchantReference: reference, amount: 4_000 })]);
    expect(parsed.kind === 'accepted' && parsed.facts).toEqual([{ kind, success: ok, ...reversal, ref: { transactionId: reference, providerRef: 'PSPMOD' }, providerRef: 'PSPMOD', statusCode: eventCode }]);
  });

  it('CANCEL_OR_REFUND: voided or refunded as modification.action says', async () => {
    const item = (action: string) => notificationItem({ eventCode: 'CANCEL_OR_REFUND', pspReference: 'PSPMOD', originalReference: 'PSPPAY', merchantReference: REFUND_TX, amount: 4_000, additionalData: { 'modification.action': action } });
    const [cancel, refund] = await Promise.all([parse([item('cancel')]), parse([item('refund')])]);
    expect([cancel.kind === 'accepted' && cancel.facts[0]?.kind, refund.kind === 'accepted' && refund.facts[0]?.kind]).toEqual(['voided', 'refunded']);
  });

  it.each([
    ['CHARGEBACK', 'chargeback'],
    ['SECOND_CHARGEBACK', 'chargeback'],
    ['PREARBITRATION_LOST', 'chargeback'],
    ['CHARGEBACK_REVERSED', 'representment'],
    ['PREARBITRATION_WON', 'representment'],
  ] as const)('%s: a %s on the payment', async (eventCode, type) => {
    const parsed = await parse([
      notificationItem({ eventCode, pspReference: 'PSPDISPUTE', originalReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 2_500, eventDate: '2026-02-03T10:00:00+01:00', additionalData: { chargebackReasonCode: '10.4', defensePeriodEndsAt: '2026-02-20T00:00:00+01:00' } }),
    ]);
    expect(parsed.kind === 'accepted' && parsed.facts).toEqual([
      { kind: 'chargeback', providerRef: 'PSPPAY', type, amount: money(2_500, 'EUR'), date: '2026-02-03', status: eventCode, reasonCode: '10.4', validUntil: '2026-02-20' },
    ]);
  });

  it('NOTIFICATION_OF_CHARGEBACK (a dispute opened, no money moved) is no chargeback: only its CHARGEBACK is, one debit per dispute', async () => {
    const dispute = (eventCode: string, eventDate: string) =>
      notificationItem({ eventCode, pspReference: 'PSPDISPUTE', originalReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 2_500, eventDate, additionalData: { chargebackReasonCode: '10.4' } });
    expect(await parse([dispute('NOTIFICATION_OF_CHARGEBACK', '2026-02-03T10:00:00+01:00')])).toEqual({ kind: 'accepted', facts: [], reply: ACCEPTED });
    const both = await parse([dispute('NOTIFICATION_OF_CHARGEBACK', '2026-02-03T10:00:00+01:00'), dispute('CHARGEBACK', '2026-02-10T10:00:00+01:00')]);
    expect(both.kind === 'accepted' && both.facts.map((f) => [f.kind, f.kind === 'chargeback' && f.date])).toEqual([['chargeback', '2026-02-10']]);
  });

  it('an event code we do not act on is acknowledged with no facts', async () => {
    expect(await parse([notificationItem({ eventCode: 'REPORT_AVAILABLE', pspReference: 'PSPX', merchantReference: PAYMENT_TX, amount: 0 })])).toEqual({ kind: 'accepted', facts: [], reply: ACCEPTED });
  });

  it('reads every item of a batch', async () => {
    const parsed = await parse([
      notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 6_000 }),
      notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPMOD', originalReference: 'PSPPAY', merchantReference: CAPTURE_TX, amount: 6_000 }),
    ]);
    expect(parsed.kind === 'accepted' && parsed.facts.map((f) => f.kind)).toEqual(['authorized', 'captured']);
  });
});

describe('Adyen webhook: authentication', () => {
  it('rejects the whole batch when an item is signed with another key, or its signature is missing, and never quotes the body', async () => {
    const good = notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 6_000 });
    const forged = notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPMOD', merchantReference: CAPTURE_TX, amount: 6_000 }, HMAC_KEY.replace('D', 'E'));
    const parsed = await parse([good, forged]);
    expect(parsed).toEqual({ kind: 'rejected', reason: expect.stringMatching(/^signature:/), reply: { status: 401, contentType: 'text/plain', body: '[rejected]' } });
    expect(parsed.kind === 'rejected' && parsed.reason).not.toContain('PSPMOD');
    const unsigned = notificationItem({ eventCode: 'CAPTURE', pspReference: 'PSPMOD', merchantReference: CAPTURE_TX, amount: 6_000 });
    delete ((unsigned.NotificationRequestItem as Record<string, Record<string, unknown>>).additionalData as Record<string, unknown>).hmacSignature;
    expect((await parse([unsigned])).kind).toBe('rejected');
  });

  it('rejects an item whose amount was changed after signing', async () => {
    const item = notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 6_000 });
    const body = item.NotificationRequestItem as Record<string, unknown>;
    expect((await parse([{ NotificationRequestItem: { ...body, amount: { value: 60_000, currency: 'EUR' } } }])).kind).toBe('rejected');
  });

  it('rejects an item naming another merchant account than the contract serving the operation', async () => {
    const item = notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'PSPPAY', merchantReference: PAYMENT_TX, amount: 6_000, merchantAccountCode: 'SomeoneElseECOM' });
    expect(await parse([item])).toEqual(expect.objectContaining({ kind: 'rejected', reason: expect.stringMatching(/^merchant account:/) }));
    expect(MERCHANT_ACCOUNT).not.toBe('SomeoneElseECOM');
  });

  it('acknowledges without facts an item about an operation no session of ours holds (it cannot be verified, it changes nothing)', async () => {
    const item = notificationItem({ eventCode: 'AUTHORISATION', pspReference: 'OTHERPSP', merchantReference: 'another-integration-ref', amount: 1_000 }, HMAC_KEY.replace('D', 'E'));
    expect(await parse([item])).toEqual({ kind: 'accepted', facts: [], reply: ACCEPTED });
  });

  it('rejects what is not a standard webhook batch (400)', async () => {
    for (const rawBody of ['not json', '{"notificationItems":"x"}', '{"notificationItems":[null]}']) {
      expect(await parseAdyenNotification({ headers: {}, rawBody, query: {} }, context, quiet)).toEqual(expect.objectContaining({ kind: 'rejected', reply: expect.objectContaining({ status: 400 }) }));
    }
  });
});

describe("Adyen webhook: an item is verified with the contract of the operation its facts name (D80)", () => {
  const A = { ...SETTINGS, merchantAccount: 'MerchantAECOM', hmacKey: '11'.repeat(32) };
  const B = { ...SETTINGS, merchantAccount: 'MerchantBECOM', hmacKey: '22'.repeat(32) };
  const OPERATIONS: Readonly<Record<string, typeof A>> = { 'tx-a': A, PSPA: A, 'tx-b': B, PSPB: B };
  /** Like the service: by our transaction id first, else by Adyen's reference. */
  const twoMerchants: NotificationContext = {
    settingsFor: async (ref: OperationRef) => (ref.transactionId !== undefined ? OPERATIONS[ref.transactionId] : undefined) ?? (ref.providerRef !== undefined ? OPERATIONS[ref.providerRef] : undefined),
  };
  const signedByA = (fields: Parameters<typeof notificationItem>[0]) => notificationItem({ ...fields, merchantAccountCode: A.merchantAccount }, A.hmacKey);
  const parseTwo = (items: Record<string, unknown>[]) => parseAdyenNotification(webhook(items), twoMerchants, quiet);

  it("rejects an AUTHORISATION signed with A's key whose originalReference is A's payment but whose pspReference is B's", async () => {
    const forged = signedByA({ eventCode: 'AUTHORISATION', pspReference: 'PSPB', originalReference: 'PSPA', merchantReference: '', amount: 6_000 });
    expect(await parseTwo([forged])).toEqual(expect.objectContaining({ kind: 'rejected', reply: expect.objectContaining({ status: 401 }) }));
  });

  it("rejects a CHARGEBACK signed with A's key whose merchantReference is A's transaction but whose originalReference is B's payment", async () => {
    const forged = signedByA({ eventCode: 'CHARGEBACK', pspReference: 'PSPDISP', originalReference: 'PSPB', merchantReference: 'tx-a', amount: 6_000, eventDate: '2026-02-03T10:00:00+01:00' });
    expect(await parseTwo([forged])).toEqual(expect.objectContaining({ kind: 'rejected', reply: expect.objectContaining({ status: 401 }) }));
  });

  it("still reads A's own item without merchantReference, named by its pspReference (or, for a dispute, its originalReference)", async () => {
    const parsed = await parseTwo([
      signedByA({ eventCode: 'AUTHORISATION', pspReference: 'PSPA', merchantReference: '', amount: 6_000 }),
      signedByA({ eventCode: 'CHARGEBACK', pspReference: 'PSPDISP', originalReference: 'PSPA', merchantReference: '', amount: 6_000, eventDate: '2026-02-03T10:00:00+01:00' }),
    ]);
    expect(parsed.kind === 'accepted' && parsed.facts.map((f) => [f.kind, f.kind === 'chargeback' ? f.providerRef : f.ref.providerRef])).toEqual([
      ['authorized', 'PSPA'],
      ['chargeback', 'PSPA'],
    ]);
  });
});
