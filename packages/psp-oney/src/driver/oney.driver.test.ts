import nock from 'nock';
import { money } from '@splitpay/domain';
import { isolateNock } from '@splitpay/psp-testkit';
import { OneyClient } from '../client/oney.client';
import { API_KEY, followUpInput, openInput, PURCHASE_PATH, purchasePathOf, SETTINGS, silentLogger, STAGING_BASE, statusAnswer } from '../testing/oney-fixtures';
import { OneyDriver } from './oney.driver';

const driver = new OneyDriver({ client: new OneyClient({ timeoutMs: 2_000 }), logger: silentLogger });

/** Intercepts one call, pinning Oney's headers, and keeps its body. */
function expectCall(verb: 'post' | 'get', path: string, status: number, answer: object): { body: () => Record<string, unknown>; scope: nock.Scope } {
  let seen: Record<string, unknown> = {};
  const base = nock(STAGING_BASE, {
    reqheaders: { 'x-oney-authorization': API_KEY, 'x-oney-partner-country-code': 'FR', 'x-oney-secret': 'None', 'content-type': /application\/json/ },
  });
  const scope = (verb === 'post'
    ? base.post(path, (body: Record<string, unknown>) => {
        seen = body;
        return true;
      })
    : base.get(path).query({ language_code: 'FR' })
  ).reply(status, answer);
  return { body: () => seen, scope };
}

isolateNock();
afterEach(() => nock.cleanAll());

describe('Oney: POST purchase/facilypay_url', () => {
  it("builds the purchase from the order (cart, customer, billing, delivery), the plan's product code, our return door and notification URL; the payer is redirected", async () => {
    const input = openInput({ plan: { installments: 4, withFees: false } });
    const post = expectCall('post', PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/facilypay/abc' });
    const opened = await driver.open(input);
    expect(post.scope.isDone()).toBe(true);
    expect(post.body()).toEqual({
      merchant_guid: SETTINGS.merchantGuid,
      psp_guid: SETTINGS.pspGuid,
      merchant_request_id: input.transactionId,
      language_code: 'FR',
      merchant_language_code: 'FR',
      merchant_context: input.reference,
      payment: { payment_amount: 100, currency_code: 'EUR', payment_type: 0, business_transaction: { code: 'OPC4X' } },
      purchase: {
        external_reference_type: 'CMDE',
        external_reference: input.transactionId,
        purchase_amount: 100,
        currency_code: 'EUR',
        number_of_items: 3,
        delivery: {
          delivery_date: '2030-01-10',
          delivery_mode_code: 4,
          delivery_option: 1,
          address_type: 5,
          recipient: { surname: 'Babbage', first_name: 'Charles', phone_number: '+33478000000' },
          delivery_address: { line1: '2 avenue Foch', postal_code: '69006', municipality: 'Lyon', country_code: 'FRA' },
        },
        item_list: [
          { is_main_item: 1, category_code: 15, label: 'TV', item_external_code: 'sku-1', quantity: 1, price: 80 },
          // A category outside our list (the fixture's `accessories`) keeps the former code.
          { is_main_item: 0, category_code: 4, label: 'Cable', item_external_code: 'sku-2', quantity: 2, price: 10 },
        ],
      },
      customer: {
        customer_external_code: 'cust-42',
        language_code: 'FR',
        identity: { person_type: 2, honorific_code: 2, birth_name: 'Lovelace', first_name: 'Ada' },
        contact_details: { mobile_phone_number: '+33612345678', email_address: 'ada@example.test' },
        customer_address: { line1: '1 rue de la Paix', postal_code: '75002', municipality: 'Paris', country_code: 'FRA' },
      },
      navigation: {
        success_url: input.returnUrl,
        fail_url: `${input.returnUrl}?oney=cancel`,
        server_response_url: `https://pay.example/psp/oney/notifications?reference=${input.transactionId}`,
      },
    });
    expect(opened).toEqual({
      ack: { outcome: 'accepted', httpStatus: 200, providerRef: `CMDE|${input.transactionId}` },
      redirect: { kind: 'navigate', url: 'https://oney-staging.example/facilypay/abc' },
      facts: [],
    });
  });

  /** The cart sent for the purchase adds up to its amount: Σ price × quantity = purchase_amount. */
  const cartTotal = (purchase: { item_list: { price: number; quantity: number }[] }): number => purchase.item_list.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0);

  it('a tranche of a split order: the cart Oney studies is one line for the amount financed, never the whole order', async () => {
    const post = expectCall('post', PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/p' });
    await driver.open(openInput({ amount: money(6_000, 'EUR') }));
    const purchase = post.body().purchase as { purchase_amount: number; number_of_items: number; item_list: { price: number; quantity: number }[] };
    expect(purchase).toMatchObject({
      purchase_amount: 60,
      number_of_items: 1,
      item_list: [{ is_main_item: 1, category_code: 15, label: 'Part of order order-42: TV', item_external_code: 'sku-1', quantity: 1, price: 60 }],
    });
    expect((post.body().payment as { payment_amount: number }).payment_amount).toBe(60);
    expect(cartTotal(purchase)).toBe(6_000);
  });

  it('the whole order whose unit prices would need rounding (3 x 3.333...): one line for the order, adding up exactly', async () => {
    const post = expectCall('post', PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/p' });
    const cartItems = [{ label: 'Socks', quantity: 3, amount: money(1_000, 'EUR') }];
    await driver.open(openInput({ amount: money(1_000, 'EUR'), order: { orderId: 'order-43', cartItems } }));
    const purchase = post.body().purchase as { item_list: { price: number; quantity: number }[] };
    expect(purchase.item_list).toEqual([{ is_main_item: 1, category_code: 4, label: 'Order order-43: Socks', item_external_code: 'order-43', quantity: 1, price: 10 }]);
    expect(cartTotal(purchase)).toBe(1_000);
  });

  it('the whole order: its own lines, adding up to the purchase amount', async () => {
    const post = expectCall('post', PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/p' });
    await driver.open(openInput());
    expect(cartTotal(post.body().purchase as { item_list: { price: number; quantity: number }[] })).toBe(10_000);
  });

  it.each([
    [{ installments: 3, withFees: false }, 'OPC3X'],
    [{ installments: 3, withFees: true }, 'OPC3XF'],
    [{ installments: 4, withFees: false }, 'OPC4X'],
  ])('sends the product code of plan %j', async (plan, code) => {
    const post = expectCall('post', PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/p' });
    await driver.open(openInput({ plan }));
    expect((post.body().payment as { business_transaction: unknown }).business_transaction).toEqual({ code });
  });

  it('rejects a plan the contract has no product code for, without calling Oney', async () => {
    const opened = await driver.open(openInput({ plan: { installments: 4, withFees: true } }));
    expect(opened.ack).toEqual({ outcome: 'rejected', code: 'configuration', message: 'the contract setting businessTransaction4xWithFees is missing for the chosen plan' });
  });

  it("reads Oney's refusal of the purchase (an error list) as a rejected ack, a 5xx and a reset as unknown without the API key", async () => {
    expectCall('post', PURCHASE_PATH, 400, { Payment_Error_Response: { error_list: [{ field: 'customer.contact_details', error_code: 'ERR_02', error_label: 'invalid phone' }] } });
    expect((await driver.open(openInput())).ack).toEqual({ outcome: 'rejected', httpStatus: 400, code: 'ERR_02', message: 'customer.contact_details: invalid phone' });
    expectCall('post', PURCHASE_PATH, 503, {});
    expect((await driver.open(openInput())).ack).toEqual({ outcome: 'unknown', httpStatus: 503 });
    nock(STAGING_BASE).post(PURCHASE_PATH).replyWithError(`connect failed ${API_KEY}`);
    const reset = await driver.open(openInput());
    expect(reset.ack.outcome).toBe('unknown');
    expect(JSON.stringify(reset)).not.toContain(API_KEY);
  });
});

describe('Oney: confirm (capture) and cancel (void, refund)', () => {
  it('confirms the purchase named by the opening, for the amount to take, with this request id: FUNDED is captured', async () => {
    const open = openInput();
    const input = followUpInput(open, 7_550);
    expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('FAVORABLE', 100));
    const post = expectCall('post', `${purchasePathOf(open.transactionId)}/action/confirm`, 200, { language_code: 'EN', purchase: { status_code: 'FUNDED', status_label: 'Transaction is completed' } });
    const captured = await driver.capture(input);
    expect(post.body()).toEqual({ language_code: 'FR', merchant_request_id: input.transactionId, payment: { payment_amount: 75.5 } });
    expect(captured).toEqual({
      ack: { outcome: 'accepted', httpStatus: 200, code: 'FUNDED' },
      facts: [{ kind: 'captured', success: true, ref: { transactionId: input.transactionId }, statusCode: 'FUNDED', statusMessage: 'Transaction is completed' }],
    });
  });

  it('a confirm Oney refuses (not FAVORABLE any more) is a failed capture; a confirm answered with another status too', async () => {
    const open = openInput();
    const input = followUpInput(open);
    expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('FAVORABLE', 100));
    expectCall('post', `${purchasePathOf(open.transactionId)}/action/confirm`, 400, { Payment_Error_Response: { error_list: [{ error_code: 'ERR_STATUS', error_label: 'wrong status' }] } });
    expect((await driver.capture(input)).facts).toEqual([{ kind: 'captured', success: false, ref: { transactionId: input.transactionId }, statusCode: 'ERR_STATUS', statusMessage: 'wrong status' }]);
    expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('FAVORABLE', 100));
    expectCall('post', `${purchasePathOf(open.transactionId)}/action/confirm`, 200, { purchase: { status_code: 'REFUSED' } });
    expect((await driver.capture(input)).facts).toEqual([{ kind: 'captured', success: false, ref: { transactionId: input.transactionId }, statusCode: 'REFUSED' }]);
  });

  it('voids by cancelling the amount, reason 0, keeping the down payment (not funded yet, as the status query says first): CANCELLED is voided', async () => {
    const open = openInput();
    const input = followUpInput(open);
    const status = expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('FAVORABLE', 100));
    const post = expectCall('post', `${purchasePathOf(open.transactionId)}/action/cancel`, 200, { purchase: { status_code: 'CANCELLED' } });
    const voided = await driver.void(input);
    expect(status.scope.isDone()).toBe(true);
    expect(post.body()).toEqual({ merchant_request_id: input.transactionId, language_code: 'FR', purchase: { cancellation_reason_code: 0, cancellation_amount: 100, refund_down_payment: false } });
    expect(voided.facts).toEqual([{ kind: 'voided', success: true, ref: { transactionId: input.transactionId }, statusCode: 'CANCELLED' }]);
  });

  it('cancels a file the lender still studies (the wait bound): one cancel of the whole purchase, down payment kept; CANCELLED is voided, a file Oney keeps is a failed void', async () => {
    expect(driver.capabilities.cancelsStudy).toBe(true);
    const open = openInput();
    // The study's opening never got a verdict: the void targets it, as the domain owes it at the bound.
    const input = followUpInput(open);
    expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('PENDING', 100, 'WAITING_ONEY'));
    const post = expectCall('post', `${purchasePathOf(open.transactionId)}/action/cancel`, 200, { purchase: { status_code: 'CANCELLED', status_label: 'Cancelled' } });
    const cancelled = await driver.void(input);
    expect(post.scope.isDone()).toBe(true);
    expect(post.body()).toEqual({ merchant_request_id: input.transactionId, language_code: 'FR', purchase: { cancellation_reason_code: 0, cancellation_amount: 100, refund_down_payment: false } });
    expect(cancelled.facts).toEqual([{ kind: 'voided', success: true, ref: { transactionId: input.transactionId }, statusCode: 'CANCELLED', statusMessage: 'Cancelled' }]);

    expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('PENDING', 100, 'WAITING_ONEY'));
    expectCall('post', `${purchasePathOf(open.transactionId)}/action/cancel`, 200, { purchase: { status_code: 'PENDING', status_label: 'Under study' } });
    const kept = await driver.void(followUpInput(open));
    expect(kept.facts).toMatchObject([{ kind: 'voided', success: false, statusCode: 'PENDING' }]);
  });

  it('a cancel answered FAVORABLE (the lender granted meanwhile): the grant of the opening is a fact, before the failed void', async () => {
    const open = openInput();
    const input = followUpInput(open);
    expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('PENDING', 100, 'WAITING_ONEY'));
    expectCall('post', `${purchasePathOf(open.transactionId)}/action/cancel`, 200, {
      purchase: { status_code: 'FAVORABLE', status_label: 'Favorable', payment: { payment_amount: 100 } },
    });
    const answered = await driver.void(input);
    expect(answered.ack).toMatchObject({ outcome: 'accepted', code: 'FAVORABLE' });
    expect(answered.facts).toEqual([
      { kind: 'authorized', ref: { transactionId: open.transactionId }, granted: money(10_000, 'EUR'), statusCode: 'FAVORABLE', statusMessage: 'Favorable' },
      { kind: 'voided', success: false, ref: { transactionId: input.transactionId }, statusCode: 'FAVORABLE', statusMessage: 'Favorable' },
    ]);

    // Without the purchase's amount, the cancel's (the whole file) is the grant; a refund says nothing of a grant.
    expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('PENDING', undefined, 'WAITING_ONEY'));
    expectCall('post', `${purchasePathOf(open.transactionId)}/action/cancel`, 200, { purchase: { status_code: 'FAVORABLE' } });
    const unstated = await driver.void(followUpInput(open, 6_000));
    expect(unstated.facts[0]).toMatchObject({ kind: 'authorized', granted: money(6_000, 'EUR') });
    expectCall('post', `${purchasePathOf(open.transactionId)}/action/cancel`, 200, { purchase: { status_code: 'FAVORABLE' } });
    const refund = await driver.refund(followUpInput(open, 2_500, { transactionId: 'capture-tx-1' }));
    expect(refund.facts.map((f) => f.kind)).toEqual(['refunded']);
  });

  it('refunds a slice by cancelling it on the purchase (not the capture), down payment refunded: still FUNDED is refunded', async () => {
    const open = openInput();
    const capture = { transactionId: 'capture-tx-1' };
    const input = followUpInput(open, 2_500, capture);
    const post = expectCall('post', `${purchasePathOf(open.transactionId)}/action/cancel`, 200, { purchase: { status_code: 'FUNDED', status_label: 'Payment partially cancelled' } });
    const refunded = await driver.refund(input);
    expect(post.body()).toEqual({ merchant_request_id: input.transactionId, language_code: 'FR', purchase: { cancellation_reason_code: 0, cancellation_amount: 25, refund_down_payment: true } });
    expect(refunded.facts).toEqual([{ kind: 'refunded', success: true, ref: { transactionId: input.transactionId }, statusCode: 'FUNDED', statusMessage: 'Payment partially cancelled' }]);
  });

  it('a cancel Oney refuses is a failed refund; a 5xx leaves it unknown, retried with the same request id', async () => {
    const open = openInput();
    const input = followUpInput(open);
    const path = `${purchasePathOf(open.transactionId)}/action/cancel`;
    expectCall('post', path, 400, { Payment_Error_Response: { error_list: [{ error_code: 'ERR_AMOUNT', error_label: 'amount too high' }] } });
    expect((await driver.refund(input)).facts).toEqual([{ kind: 'refunded', success: false, ref: { transactionId: input.transactionId }, statusCode: 'ERR_AMOUNT', statusMessage: 'amount too high' }]);
    const first = expectCall('post', path, 502, {});
    expect(await driver.refund(input)).toEqual({ ack: { outcome: 'unknown', httpStatus: 502 }, facts: [] });
    const second = expectCall('post', path, 200, { purchase: { status_code: 'CANCELLED' } });
    await driver.refund(input);
    expect(second.body().merchant_request_id).toBe(first.body().merchant_request_id);
  });

  it('gives each request its own merchant_request_id: the opening, its capture and its refund differ', async () => {
    const open = openInput();
    const opening = expectCall('post', PURCHASE_PATH, 200, { returned_url: 'https://oney-staging.example/p' });
    await driver.open(open);
    expectCall('get', purchasePathOf(open.transactionId), 200, statusAnswer('FAVORABLE', 100));
    const confirm = expectCall('post', `${purchasePathOf(open.transactionId)}/action/confirm`, 200, { purchase: { status_code: 'FUNDED' } });
    await driver.capture(followUpInput(open));
    const cancel = expectCall('post', `${purchasePathOf(open.transactionId)}/action/cancel`, 200, { purchase: { status_code: 'CANCELLED' } });
    await driver.refund(followUpInput(open));
    const ids = [opening.body(), confirm.body(), cancel.body()].map((b) => b.merchant_request_id);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('Oney: the status query (lookup) and its mapping', () => {
  const lookupOf = (status: object) => {
    const open = openInput();
    expectCall('get', purchasePathOf(open.transactionId), 200, status);
    const input = { ...followUpInput(open), transactionId: open.transactionId, amount: open.amount, target: { transactionId: open.transactionId } };
    return { open, looked: driver.lookup(input) };
  };

  it.each(['WAITING_ONEY', undefined])('PENDING / %s -> the lender studies the file', async (sub) => {
    const { open, looked } = lookupOf(statusAnswer('PENDING', 100, sub));
    expect((await looked).facts).toEqual([{ kind: 'lender-pending', ref: { transactionId: open.transactionId }, statusCode: sub ? `PENDING/${sub}` : 'PENDING', statusMessage: 'status PENDING' }]);
  });

  it.each(['WAITING_CUSTOMER_KYC', 'PRE_ACCEPTED'])("PENDING / %s -> nothing yet: Oney waits for the payer's form or documents, not the lender", async (sub) => {
    const { looked } = lookupOf(statusAnswer('PENDING', 100, sub));
    expect(await looked).toEqual({ ack: { outcome: 'accepted', httpStatus: 200, code: 'PENDING' }, facts: [] });
  });

  it('FAVORABLE -> authorized for the purchase amount', async () => {
    const { open, looked } = lookupOf(statusAnswer('FAVORABLE', 100));
    expect(await looked).toEqual({
      ack: { outcome: 'accepted', httpStatus: 200, code: 'FAVORABLE' },
      facts: [{ kind: 'authorized', ref: { transactionId: open.transactionId }, granted: money(10_000, 'EUR'), statusCode: 'FAVORABLE', statusMessage: 'status FAVORABLE' }],
    });
  });

  it('REFUSED -> declined by the lender (bank-refusal); ABORTED -> cancelled by the payer (abandoned)', async () => {
    const refused = lookupOf(statusAnswer('REFUSED'));
    expect((await refused.looked).facts).toEqual([{ kind: 'declined', ref: { transactionId: refused.open.transactionId }, category: 'bank-refusal', statusCode: 'REFUSED', statusMessage: 'status REFUSED' }]);
    const aborted = lookupOf(statusAnswer('ABORTED'));
    expect((await aborted.looked).facts).toEqual([{ kind: 'cancelled-by-payer', ref: { transactionId: aborted.open.transactionId }, statusCode: 'ABORTED', statusMessage: 'status ABORTED' }]);
  });

  it.each(['FUNDED', 'TO_BE_FUNDED'])('%s -> recorded as the confirm having taken the money', async (code) => {
    const { open, looked } = lookupOf(statusAnswer(code));
    expect((await looked).facts).toEqual([{ kind: 'captured', success: true, ref: { transactionId: open.transactionId }, statusCode: code, statusMessage: `status ${code}` }]);
  });

  it('CANCELLED -> recorded as the pending void or refund having gone through; with none, the opening declined (last)', async () => {
    const { open, looked } = lookupOf(statusAnswer('CANCELLED'));
    const ref = { transactionId: open.transactionId };
    expect((await looked).facts).toEqual([
      { kind: 'voided', success: true, ref, statusCode: 'CANCELLED', statusMessage: 'status CANCELLED' },
      { kind: 'refunded', success: true, ref, statusCode: 'CANCELLED', statusMessage: 'status CANCELLED' },
      { kind: 'declined', ref, statusCode: 'CANCELLED', statusMessage: 'status CANCELLED' },
    ]);
  });

  it('an answer without a status is unknown; an unknown status gives no fact', async () => {
    expect((await lookupOf({ language_code: 'FR' }).looked).ack.outcome).toBe('unknown');
    expect((await lookupOf(statusAnswer('SOMETHING_NEW')).looked).facts).toEqual([]);
  });
});
