import nock from 'nock';
import { isolateNock } from '@splitpay/psp-testkit';
import type { FollowUpInput } from '@splitpay/domain';
import { OneyClient } from '../client/oney.client';
import { followUpInput, openInput, purchasePathOf, silentLogger, STAGING_BASE, statusAnswer } from '../testing/oney-fixtures';
import { OneyDriver } from './oney.driver';

const driver = new OneyDriver({ client: new OneyClient({ timeoutMs: 2_000 }), logger: silentLogger });

isolateNock();
afterEach(() => nock.cleanAll());

/** Oney's status query for the purchase, answering `status` (and its body) once. */
function statusSays(reference: string, status: number, body: object): nock.Scope {
  return nock(STAGING_BASE).get(purchasePathOf(reference)).query({ language_code: 'FR' }).reply(status, body);
}

/** An action of Oney on the purchase, whose body is kept; `scope.isDone()` says whether it was sent. */
function action(reference: string, name: 'confirm' | 'cancel', answer: object): { scope: nock.Scope; body: () => Record<string, unknown> } {
  let seen: Record<string, unknown> = {};
  const scope = nock(STAGING_BASE)
    .post(`${purchasePathOf(reference)}/action/${name}`, (body: Record<string, unknown>) => {
      seen = body;
      return true;
    })
    .reply(200, answer);
  return { scope, body: () => seen };
}

const resent = (input: FollowUpInput): FollowUpInput => ({ ...input, tries: 1 });

describe('Oney: a confirm sent again (its first answer lost) asks the status query first', () => {
  it('FUNDED: the first confirm took the money; captured, no second confirm', async () => {
    const open = openInput();
    const input = resent(followUpInput(open));
    const status = statusSays(open.transactionId, 200, statusAnswer('FUNDED', 100));
    const confirm = action(open.transactionId, 'confirm', { purchase: { status_code: 'FUNDED' } });
    const output = await driver.capture(input);
    expect(status.isDone()).toBe(true);
    expect(confirm.scope.isDone()).toBe(false);
    expect(output).toEqual({
      ack: { outcome: 'accepted', code: 'FUNDED' },
      facts: [{ kind: 'captured', success: true, ref: { transactionId: input.transactionId }, statusCode: 'FUNDED', statusMessage: 'status FUNDED' }],
    });
  });

  it('FAVORABLE: the first confirm never reached Oney; sent again with the same request id', async () => {
    const open = openInput();
    const input = resent(followUpInput(open));
    statusSays(open.transactionId, 200, statusAnswer('FAVORABLE', 100));
    const confirm = action(open.transactionId, 'confirm', { purchase: { status_code: 'FUNDED' } });
    expect((await driver.capture(input)).facts).toMatchObject([{ kind: 'captured', success: true }]);
    expect(confirm.body().merchant_request_id).toBe(input.transactionId);
  });

  it('REFUSED (Oney moves a file whose confirm erred to REFUSED): a failed capture, no confirm', async () => {
    const open = openInput();
    statusSays(open.transactionId, 200, statusAnswer('REFUSED'));
    const confirm = action(open.transactionId, 'confirm', {});
    expect((await driver.capture(resent(followUpInput(open)))).facts).toMatchObject([{ kind: 'captured', success: false, statusCode: 'REFUSED' }]);
    expect(confirm.scope.isDone()).toBe(false);
  });

  it('the status query without an answer: unknown, nothing sent (retried later)', async () => {
    const open = openInput();
    statusSays(open.transactionId, 503, {});
    const confirm = action(open.transactionId, 'confirm', {});
    expect(await driver.capture(resent(followUpInput(open)))).toEqual({ ack: { outcome: 'unknown', httpStatus: 503 }, facts: [] });
    expect(confirm.scope.isDone()).toBe(false);
  });

});

describe('Oney: a first confirm (tries 0) asks the status query first too', () => {
  // Since D134 a worker taking over a sender that left no ack says tries 1; a first confirm asks anyway (D88-f).
  it('FUNDED (the crashed sender\'s confirm went through): captured, no second confirm', async () => {
    const open = openInput();
    const input = followUpInput(open);
    const status = statusSays(open.transactionId, 200, statusAnswer('FUNDED', 100));
    const confirm = action(open.transactionId, 'confirm', {});
    expect(await driver.capture(input)).toEqual({
      ack: { outcome: 'accepted', code: 'FUNDED' },
      facts: [{ kind: 'captured', success: true, ref: { transactionId: input.transactionId }, statusCode: 'FUNDED', statusMessage: 'status FUNDED' }],
    });
    expect(status.isDone()).toBe(true);
    expect(confirm.scope.isDone()).toBe(false);
  });

  it('FAVORABLE: the confirm is sent', async () => {
    const open = openInput();
    const status = statusSays(open.transactionId, 200, statusAnswer('FAVORABLE', 100));
    const confirm = action(open.transactionId, 'confirm', { purchase: { status_code: 'FUNDED' } });
    expect((await driver.capture(followUpInput(open))).facts).toMatchObject([{ kind: 'captured', success: true, statusCode: 'FUNDED' }]);
    expect(status.isDone()).toBe(true);
    expect(confirm.scope.isDone()).toBe(true);
  });
});

describe('Oney: a void asks the status query first', () => {
  it('FUNDED (a confirm whose answer was lost went through): the cancel refunds the down payment too', async () => {
    const open = openInput();
    statusSays(open.transactionId, 200, statusAnswer('FUNDED', 100));
    const cancel = action(open.transactionId, 'cancel', { purchase: { status_code: 'CANCELLED' } });
    const output = await driver.void(followUpInput(open));
    expect(cancel.body()).toMatchObject({ purchase: { cancellation_amount: 100, refund_down_payment: true } });
    expect(output.facts).toMatchObject([{ kind: 'voided', success: true, statusCode: 'CANCELLED' }]);
  });

  it('CANCELLED (a cancel whose answer was lost went through): voided, nothing sent', async () => {
    const open = openInput();
    const input = resent(followUpInput(open));
    statusSays(open.transactionId, 200, statusAnswer('CANCELLED'));
    const cancel = action(open.transactionId, 'cancel', {});
    expect(await driver.void(input)).toEqual({
      ack: { outcome: 'accepted', code: 'CANCELLED' },
      facts: [{ kind: 'voided', success: true, ref: { transactionId: input.transactionId }, statusCode: 'CANCELLED', statusMessage: 'status CANCELLED' }],
    });
    expect(cancel.scope.isDone()).toBe(false);
  });

  it('the status query without an answer: unknown, nothing sent', async () => {
    const open = openInput();
    statusSays(open.transactionId, 502, {});
    const cancel = action(open.transactionId, 'cancel', {});
    expect((await driver.void(followUpInput(open))).ack).toEqual({ outcome: 'unknown', httpStatus: 502 });
    expect(cancel.scope.isDone()).toBe(false);
  });
});

describe('Oney: a refund sent again (its first answer lost)', () => {
  const refundOf = (open: ReturnType<typeof openInput>, amount: number) => resent(followUpInput(open, amount, { transactionId: 'capture-tx-1' }));

  it('still FUNDED: a partial cancel leaves it FUNDED whether it went through or not; not sent again, unverifiable', async () => {
    const open = openInput();
    statusSays(open.transactionId, 200, statusAnswer('FUNDED', 100));
    const cancel = action(open.transactionId, 'cancel', {});
    const output = await driver.refund(refundOf(open, 2_500));
    expect(output.ack).toMatchObject({ outcome: 'unknown', unverifiable: true, code: 'FUNDED' });
    expect(output.facts).toEqual([]);
    expect(cancel.scope.isDone()).toBe(false);
  });

  it('the status query without an answer: unverifiable too, nothing sent', async () => {
    const open = openInput();
    statusSays(open.transactionId, 503, {});
    const cancel = action(open.transactionId, 'cancel', {});
    expect((await driver.refund(refundOf(open, 2_500))).ack).toMatchObject({ outcome: 'unknown', unverifiable: true });
    expect(cancel.scope.isDone()).toBe(false);
  });

  it('CANCELLED: the whole purchase was handed back; refunded, nothing sent', async () => {
    const open = openInput();
    statusSays(open.transactionId, 200, statusAnswer('CANCELLED'));
    const cancel = action(open.transactionId, 'cancel', {});
    expect((await driver.refund(refundOf(open, 10_000))).facts).toMatchObject([{ kind: 'refunded', success: true, statusCode: 'CANCELLED' }]);
    expect(cancel.scope.isDone()).toBe(false);
  });

  it('still FUNDED for a refund of all that remains: a whole cancel would have ended it CANCELLED, so it was not taken; sent again with the same request id (D154)', async () => {
    const open = openInput();
    statusSays(open.transactionId, 200, statusAnswer('FUNDED', 100));
    const cancel = action(open.transactionId, 'cancel', { purchase: { status_code: 'CANCELLED', status_label: 'Transaction is cancelled' } });
    const input = { ...refundOf(open, 10_000), wholeRemainder: true };
    const output = await driver.refund(input);
    expect(cancel.scope.isDone()).toBe(true);
    expect(cancel.body()).toMatchObject({ merchant_request_id: input.transactionId, purchase: { cancellation_amount: 100, refund_down_payment: true } });
    expect(output.facts).toMatchObject([{ kind: 'refunded', success: true, statusCode: 'CANCELLED' }]);
  });

  it('the status query without an answer for a refund of all that remains: unverifiable still, nothing sent', async () => {
    const open = openInput();
    statusSays(open.transactionId, 503, {});
    const cancel = action(open.transactionId, 'cancel', {});
    expect((await driver.refund({ ...refundOf(open, 10_000), wholeRemainder: true })).ack).toMatchObject({ outcome: 'unknown', unverifiable: true });
    expect(cancel.scope.isDone()).toBe(false);
  });
});

describe("Oney: the payer back from Oney's pages", () => {
  const returnOf = (open: ReturnType<typeof openInput>, params: Record<string, string>) => ({ ...open, target: { transactionId: open.transactionId }, params });

  it('through the fail_url (marked) while Oney waits for the form: cancelled by the payer', async () => {
    const open = openInput();
    statusSays(open.transactionId, 200, statusAnswer('PENDING', 100, 'WAITING_CUSTOMER_KYC'));
    expect((await driver.completeReturn(returnOf(open, { oney: 'cancel' }))).facts).toEqual([
      { kind: 'cancelled-by-payer', ref: { transactionId: open.transactionId }, statusCode: 'PENDING/WAITING_CUSTOMER_KYC', statusMessage: "the payer left Oney's pages before finishing the file" },
    ]);
  });

  it('through the fail_url after a refusal: the refusal, as the status query says', async () => {
    const open = openInput();
    statusSays(open.transactionId, 200, statusAnswer('REFUSED'));
    expect((await driver.completeReturn(returnOf(open, { oney: 'cancel' }))).facts).toMatchObject([{ kind: 'declined', category: 'bank-refusal' }]);
  });

  it('through the success_url: nothing asked, the verdict comes out-of-band', async () => {
    const open = openInput();
    const status = statusSays(open.transactionId, 200, statusAnswer('FAVORABLE', 100));
    expect(await driver.completeReturn(returnOf(open, {}))).toEqual({ ack: { outcome: 'accepted' }, facts: [] });
    expect(status.isDone()).toBe(false);
  });
});
