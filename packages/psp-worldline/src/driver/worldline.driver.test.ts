import { money, type FollowUpInput, type LookupInput, type OpenInput, type TransactionId } from '@splitpay/domain';
import { CapturingLogger } from '@splitpay/domain/src/testing';
import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import { expectedAuthorization, recorder } from '../testing/request-recorder';
import { captureAnswer, MERCHANT, payment, redirectAnswer, refund, SETTINGS, TEST_BASE } from '../testing/worldline-fixtures';
import { createWorldlineProvider } from '../worldline.plugin';

const P = `/v2/${MERCHANT}/payments`;
const TX = '3f2c9a4e-1b7d-4c5e-9f00-aa11bb22cc33' as TransactionId;
const PAY = '4000012345_0';

const logger = new CapturingLogger();
const provider = createWorldlineProvider({ clock: { now: () => Date.now() }, logger, timeoutMs: 1_000 });
const driver = (method: 'wero' | 'ancv') => provider.drivers.find((d) => d.method === method)!;

/** A call of a session whose offer was snapshotted under `settings` (as session creation does). */
const call = (settings: Record<string, unknown> = SETTINGS, method: 'wero' | 'ancv' = 'wero') => ({
  transactionId: TX,
  attemptId: 'att-1' as OpenInput['attemptId'],
  reference: 'order-42-abcdef123',
  offer: { id: method, method, provider: 'worldline', capabilities: driver(method).capabilitiesFor!(settings), partialRefunds: true } as OpenInput['offer'],
  settings,
});
const openInput = (amount = 6_000, settings?: Record<string, unknown>, method: 'wero' | 'ancv' = 'wero'): OpenInput => ({
  ...call(settings, method),
  amount: money(amount, 'EUR'),
  registerAlias: false,
  order: { orderId: 'order-42', customer: { email: 'payer@example.com' } as never },
  returnUrl: 'https://pay.example/elements/return/att-1',
  notificationUrl: 'https://pay.example/psp/worldline/notifications',
});
const followUp = (amount: number, transactionId = 'b1c2d3e4-0000-4000-8000-000000000001'): FollowUpInput => ({ ...call(), transactionId: transactionId as TransactionId, amount: money(amount, 'EUR'), target: { transactionId: TX, providerRef: PAY } });

isolateNock();
afterEach(() => nock.cleanAll());

describe('Worldline Direct requests', () => {
  it('wero open: POST /v2/{merchantId}/payments signed GCS v1HMAC, idempotency key = our transaction id, product 900 held, the payer redirected', async () => {
    const r = recorder();
    nock(TEST_BASE).post(P).reply(r.reply(201, redirectAnswer(PAY, 6_000, TX)));
    const out = await driver('wero').open(openInput());
    const [s] = r.seen;
    expect(s?.headers['x-gcs-idempotence-key']).toBe(TX);
    expect(s?.headers['content-type']).toBe('application/json');
    expect(s?.headers.date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(s?.headers.authorization).toMatch(/^GCS v1HMAC:5e45c937b9db33ae:[A-Za-z0-9+/]+=*$/);
    expect(s?.headers.authorization).toBe(expectedAuthorization(s!));
    expect(s?.body).toEqual({
      order: { amountOfMoney: { amount: 6_000, currencyCode: 'EUR' }, references: { merchantReference: TX, descriptor: 'order-42-abcdef123' }, customer: { contactDetails: { emailAddress: 'payer@example.com' } } },
      redirectPaymentMethodSpecificInput: { paymentProductId: 900, requiresApproval: true, redirectionData: { returnUrl: 'https://pay.example/elements/return/att-1' } },
      feedbacks: { webhooksUrls: ['https://pay.example/psp/worldline/notifications'] },
    });
    expect(out).toEqual({ ack: { outcome: 'accepted', httpStatus: 201, providerRef: PAY }, redirect: { kind: 'navigate', url: `https://payment.preprod.direct.worldline-solutions.com/redirect/${PAY}` }, facts: [] });
  });

  it('ancv open: a payment Worldline answers already collecting (CAPTURE_REQUESTED, no redirect) is accepted with no verdict yet, never refused', async () => {
    const collecting = payment({ id: PAY, status: 'CAPTURE_REQUESTED', statusCode: 91, statusCategory: 'PENDING_CONNECT_OR_3RD_PARTY', amount: 6_000, acquired: 0, merchantReference: TX, product: 5412 });
    nock(TEST_BASE).post(P).reply(201, { creationOutput: { isNewToken: false }, payment: collecting });
    expect(await driver('ancv').open(openInput(6_000, SETTINGS, 'ancv'))).toEqual({ ack: { outcome: 'accepted', httpStatus: 201, providerRef: PAY }, facts: [] });
    // Without a payment, or one still waiting for the payer, no redirect is a refusal as before.
    nock(TEST_BASE).post(P).reply(201, { creationOutput: { isNewToken: false }, payment: { ...collecting, status: 'CREATED', statusOutput: { statusCode: 0 } } });
    expect((await driver('ancv').open(openInput(6_000, SETTINGS, 'ancv'))).ack).toMatchObject({ outcome: 'rejected', code: 'no-redirect' });
  });

  it('wero open: a redirect answered with no readable payment id sends no payer (no id, no payer: D143-c)', async () => {
    const { payment: _named, ...answer } = redirectAnswer(PAY, 6_000, TX);
    nock(TEST_BASE).post(P).reply(201, { ...answer, payment: { status: 'REDIRECTED' } });
    const out = await driver('wero').open(openInput());
    expect(out).toEqual({ ack: { outcome: 'rejected', httpStatus: 201, code: 'no-payment-id', message: 'Worldline answered a redirect without naming its payment' }, facts: [] });
  });

  it('wero open: a hold (requiresApproval true) by default or under operation authorization, a direct payment (false) under operation payment', async () => {
    const r = recorder();
    nock(TEST_BASE).post(P).times(3).reply(r.reply(201, redirectAnswer(PAY, 6_000, TX)));
    await driver('wero').open(openInput(6_000, SETTINGS));
    await driver('wero').open(openInput(6_000, { ...SETTINGS, operation: 'authorization' }));
    await driver('wero').open(openInput(6_000, { ...SETTINGS, operation: 'payment' }));
    const inputs = r.seen.map((s) => (s.body as { redirectPaymentMethodSpecificInput: unknown }).redirectPaymentMethodSpecificInput);
    const returnUrl = { redirectionData: { returnUrl: 'https://pay.example/elements/return/att-1' } };
    expect(inputs).toEqual([
      { paymentProductId: 900, requiresApproval: true, ...returnUrl },
      { paymentProductId: 900, requiresApproval: true, ...returnUrl },
      { paymentProductId: 900, requiresApproval: false, ...returnUrl },
    ]);
  });

  it('wero capabilities follow the contract: a direct payment owes no capture and is handed back by refunds only', () => {
    expect(driver('wero').capabilitiesFor!({ ...SETTINGS, operation: 'payment' })).toMatchObject({ operation: 'payment', void: false, refund: true, partialRefund: true, statusLookup: true, redirect: true });
    expect(driver('wero').capabilitiesFor!(SETTINGS)).toEqual(driver('wero').capabilities);
    expect(driver('wero').capabilities).toMatchObject({ operation: 'authorization', void: true });
    expect(driver('ancv').capabilitiesFor!({ ...SETTINGS, operation: 'authorization' })).toMatchObject({ operation: 'payment', payerChosenPartial: true });
  });

  it('ancv open on 5412: a direct sale by redirect payment with an adjustable amount', async () => {
    const r = recorder();
    nock(TEST_BASE).post(P).reply(r.reply(201, redirectAnswer(PAY, 6_000, TX)));
    await driver('ancv').open(openInput(6_000, SETTINGS, 'ancv'));
    expect((r.seen[0]?.body as { redirectPaymentMethodSpecificInput: unknown }).redirectPaymentMethodSpecificInput).toEqual({
      paymentProductId: 5412,
      requiresApproval: false,
      redirectionData: { returnUrl: 'https://pay.example/elements/return/att-1' },
      paymentProduct5412SpecificInput: { adjustableAmount: true },
    });
  });

  it('open refused by Worldline (4xx) is a rejected ack with its error; a 402 with a REJECTED payment is declined with its category', async () => {
    nock(TEST_BASE).post(P).reply(400, { errorId: 'x', errors: [{ errorCode: '20000000', id: 'PARAMETER_NOT_FOUND_IN_REQUEST', message: 'missing amount' }] });
    expect((await driver('wero').open(openInput())).ack).toEqual({ outcome: 'rejected', httpStatus: 400, code: '20000000', message: 'missing amount' });
    nock(TEST_BASE).post(P).reply(402, { errorId: 'y', errors: [{ errorCode: '30051001', message: 'Insufficient funds' }], paymentResult: { payment: payment({ id: PAY, status: 'REJECTED', statusCode: 2, statusCategory: 'UNSUCCESSFUL', amount: 6_000, merchantReference: TX, errors: [{ id: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds' }] }) } });
    const declined = await driver('wero').open(openInput());
    expect(declined.ack).toMatchObject({ outcome: 'rejected', httpStatus: 402, category: 'insufficient-funds', providerRef: PAY });
    expect(declined.facts).toEqual([{ kind: 'declined', ref: { transactionId: TX, providerRef: PAY }, providerRef: PAY, category: 'insufficient-funds', statusCode: '2' }]);
  });

  it('a missing setting is a rejected ack naming it, without calling Worldline', async () => {
    const { secretApiKey: _s, ...rest } = SETTINGS;
    expect((await driver('wero').open(openInput(6_000, rest))).ack).toEqual({ outcome: 'rejected', code: 'configuration', message: 'the contract setting secretApiKey is missing or unusable' });
  });

  it('lookup and return: GET /v2/{merchantId}/payments/{paymentId}, signed without content type', async () => {
    const r = recorder();
    nock(TEST_BASE).get(`${P}/${PAY}`).twice().reply(r.reply(200, payment({ id: PAY, status: 'PENDING_CAPTURE', statusCode: 5, amount: 6_000, merchantReference: TX })));
    const lookupInput: LookupInput = { ...call(), amount: money(6_000, 'EUR'), target: { transactionId: TX, providerRef: PAY } };
    const looked = await driver('wero').lookup!(lookupInput);
    await driver('wero').completeReturn!({ ...lookupInput, params: {} });
    expect(r.seen.map((s) => [s.method, s.path, s.headers['x-gcs-idempotence-key']])).toEqual([
      ['GET', `${P}/${PAY}`, undefined],
      ['GET', `${P}/${PAY}`, undefined],
    ]);
    expect(r.seen[0]?.headers.authorization).toBe(expectedAuthorization(r.seen[0]!));
    expect(looked.facts).toEqual([{ kind: 'authorized', ref: { transactionId: TX, providerRef: PAY }, providerRef: PAY, granted: money(6_000, 'EUR'), statusCode: '5' }]);
  });

  it.each([
    ['wero', SETTINGS],
    ['ancv', { ...SETTINGS, ancvProductId: 5403 }],
  ] as const)('%s lookup of an opening never answered (no Worldline id): declined method-unavailable, nothing asked of Worldline', async (method, settings) => {
    const sent = nock(TEST_BASE).get(/.*/).reply(200, {});
    const out = await driver(method).lookup!({ ...call(settings, method), amount: money(6_000, 'EUR'), target: { transactionId: TX } });
    expect(out).toEqual({
      ack: { outcome: 'unknown', code: 'no-psp-reference', message: 'Worldline never answered the opening' },
      facts: [{ kind: 'declined', ref: { transactionId: TX }, category: 'method-unavailable', statusCode: 'no-psp-reference', statusMessage: 'Worldline never answered the opening: no payer was sent to approve it' }],
    });
    expect(sent.isDone()).toBe(false);
  });

  it('capture, cancel and refund: paths on the payment, bodies, the idempotency key of each operation', async () => {
    const r = recorder();
    nock(TEST_BASE).post(`${P}/${PAY}/capture`).reply(r.reply(201, captureAnswer({ id: '4000012345_1', status: 'CAPTURED', statusCode: 9, amount: 4_000 })));
    nock(TEST_BASE).post(`${P}/${PAY}/cancel`).reply(r.reply(201, { payment: payment({ id: PAY, status: 'CANCELLED', statusCode: 6, amount: 6_000 }) }));
    nock(TEST_BASE).post(`${P}/${PAY}/refund`).reply(r.reply(201, refund({ id: '4000012345_2', status: 'REFUND_REQUESTED', statusCode: 81, amount: 1_500 })));
    const captured = await driver('wero').capture(followUp(4_000, 'cap-1'));
    const voided = await driver('wero').void(followUp(2_000, 'void-1'));
    const refunded = await driver('wero').refund(followUp(1_500, 'ref-1'));
    expect(r.seen.map((s) => [s.path, s.headers['x-gcs-idempotence-key'], s.body])).toEqual([
      [`${P}/${PAY}/capture`, 'cap-1', { amount: 4_000, isFinal: true, operationReferences: { merchantReference: 'cap-1' } }],
      [`${P}/${PAY}/cancel`, 'void-1', { amountOfMoney: { amount: 2_000, currencyCode: 'EUR' }, isFinal: true }],
      [`${P}/${PAY}/refund`, 'ref-1', { amountOfMoney: { amount: 1_500, currencyCode: 'EUR' }, operationReferences: { merchantReference: 'ref-1' } }],
    ]);
    for (const s of r.seen) expect(s.headers.authorization).toBe(expectedAuthorization(s));
    expect(captured.facts).toEqual([{ kind: 'captured', success: true, ref: { transactionId: 'cap-1', providerRef: '4000012345_1' }, providerRef: '4000012345_1', statusCode: '9' }]);
    expect(voided.facts).toEqual([{ kind: 'voided', success: true, ref: { transactionId: 'void-1', providerRef: PAY }, providerRef: PAY, statusCode: '6' }]);
    // REFUND_REQUESTED is not a verdict yet: the webhook brings it.
    expect(refunded).toEqual({ ack: { outcome: 'accepted', httpStatus: 201, providerRef: '4000012345_2' }, facts: [] });
  });

  it.each([
    ['capture', 'REJECTED_CAPTURE', 93, 'captured', false],
    ['refund', 'REFUNDED', 8, 'refunded', true],
    ['refund', 'REJECTED', 2, 'refunded', false],
  ] as const)('%s answered %s -> %s success %s', async (kind, status, code, fact, success) => {
    nock(TEST_BASE).post(`${P}/${PAY}/${kind}`).reply(201, (kind === 'capture' ? captureAnswer : refund)({ id: '4000012345_1', status, statusCode: code, amount: 1_000 }));
    const out = await driver('wero')[kind](followUp(1_000));
    expect(out.facts).toMatchObject([{ kind: fact, success, statusCode: String(code) }]);
  });

  it('an ANCV refund Worldline refuses is a failed refund saying so', async () => {
    nock(TEST_BASE).post(`${P}/${PAY}/refund`).reply(400, { errorId: 'e', errors: [{ errorCode: '50001130', message: 'Refund not allowed for this product' }] });
    const out = await driver('ancv').refund(followUp(1_000, 'ref-9'));
    expect(out).toEqual({
      ack: { outcome: 'rejected', httpStatus: 400, code: '50001130', message: 'Refund not allowed for this product' },
      facts: [{ kind: 'refunded', success: false, ref: { transactionId: 'ref-9' }, statusCode: '50001130', statusMessage: 'Worldline refused the refund: Refund not allowed for this product' }],
    });
  });

  it.each([
    ['capture', 401],
    ['cancel', 403],
    ['refund', 401],
  ] as const)('%s answered %i (our API key refused) is no answer: an unknown ack and no verdict, so it stays owed and is sent again', async (kind, status) => {
    const keyRefused = { errorId: 'e', errors: [{ errorCode: '9002', id: 'MISSING_OR_INVALID_AUTHORIZATION', httpStatusCode: status, message: 'Authorization is missing or invalid' }] };
    nock(TEST_BASE).post(`${P}/${PAY}/${kind}`).reply(status, keyRefused);
    const out = await driver('wero')[kind === 'cancel' ? 'void' : kind](followUp(1_000));
    expect(out).toEqual({ ack: { outcome: 'unknown', httpStatus: status, code: '9002', message: 'Authorization is missing or invalid' }, facts: [] });
  });

  it.each([
    ['wero', 401, P],
    ['ancv', 403, `/v2/${MERCHANT}/hostedcheckouts`],
  ] as const)('%s open answered %i (our API key refused): refused method-unavailable at once, so the payer may pay otherwise', async (method, status, path) => {
    nock(TEST_BASE).post(path).reply(status, { errorId: 'e', errors: [{ errorCode: '9002', message: 'Authorization is missing or invalid' }] });
    const settings = method === 'ancv' ? { ...SETTINGS, ancvProductId: 5403 } : SETTINGS;
    const out = await driver(method).open(openInput(6_000, settings, method));
    expect(out).toEqual({ ack: { outcome: 'rejected', httpStatus: status, code: '9002', message: 'Authorization is missing or invalid', category: 'method-unavailable' }, facts: [] });
  });

  it('5xx, 409 (the same key still running) and a reset are unknown acks; the log names only path and cause', async () => {
    nock(TEST_BASE).post(`${P}/${PAY}/capture`).reply(503, {});
    nock(TEST_BASE).post(`${P}/${PAY}/capture`).reply(409, { errors: [{ errorCode: '1409', message: 'duplicate request in progress' }] });
    nock(TEST_BASE).post(`${P}/${PAY}/capture`).replyWithError('socket hang up');
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await driver('wero').capture(followUp(1_000))).ack.outcome);
    expect(outcomes).toEqual(['unknown', 'unknown', 'unknown']);
    const lines = logger.lines.join('\n');
    expect(lines).not.toContain(SETTINGS.secretApiKey);
    expect(lines).not.toContain('GCS v1HMAC');
  });
});
