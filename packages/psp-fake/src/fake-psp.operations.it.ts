import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { money, type FollowUpInput, type OpenInput, type TransactionId } from '@splitpay/domain';
import { API_KEY, card, eventually, factsFor, startHarness, type Harness } from './testing/fake-psp.harness';

describe('fake PSP: captures, voids, refunds, wallets, lookups, chargebacks', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  async function authorizedCard(amount = 10_000): Promise<{ input: OpenInput; ref: string }> {
    const input = h.openInput('card', { amount, payerInput: card('4111111111111111') });
    const opened = await h.driver('card').open(input);
    await factsFor(h, input.transactionId);
    return { input, ref: opened.ack.providerRef ?? '' };
  }

  function followUp(open: OpenInput, ref: string | undefined, amount: number, transactionId = randomUUID()): FollowUpInput {
    return {
      transactionId: transactionId as TransactionId,
      attemptId: open.attemptId,
      reference: open.reference,
      offer: open.offer,
      settings: {},
      amount: money(amount, 'EUR'),
      target: { transactionId: open.transactionId, ...(ref ? { providerRef: ref } : {}) },
    };
  }

  it('captures a hold: accepted ack, then a captured verdict naming our capture transaction', async () => {
    const { input, ref } = await authorizedCard();
    const capture = followUp(input, ref, 10_000);
    const sent = await h.driver('card').capture(capture);
    expect(sent.ack).toMatchObject({ outcome: 'accepted', httpStatus: 201 });
    expect(sent.ack.providerRef).toMatch(/^fkc_/);
    const [fact] = await factsFor(h, capture.transactionId);
    expect(fact).toEqual(
      expect.objectContaining({ kind: 'captured', success: true, providerRef: sent.ack.providerRef, ref: { transactionId: capture.transactionId, providerRef: sent.ack.providerRef } }),
    );
  });

  it('finds the payment by our reference when the target carries no PSP ref', async () => {
    const { input } = await authorizedCard();
    const capture = followUp(input, undefined, 4_000);
    expect((await h.driver('card').capture(capture)).ack.outcome).toBe('accepted');
    await factsFor(h, capture.transactionId);
  });

  it('an idempotency key replayed moves money once: same answer, one notification', async () => {
    const { input, ref } = await authorizedCard();
    const capture = followUp(input, ref, 6_000);
    const first = await h.driver('card').capture(capture);
    const again = await h.driver('card').capture(capture);
    expect(again.ack).toEqual(first.ack);
    // A second capture under a new key proves the first took only 6 000 of the 10 000 held.
    const rest = followUp(input, ref, 4_000);
    expect((await h.driver('card').capture(rest)).ack.outcome).toBe('accepted');
    await factsFor(h, rest.transactionId);
    expect(h.facts.filter((f) => f.kind === 'captured' && f.ref.transactionId === capture.transactionId)).toHaveLength(1);
    const over = await h.driver('card').capture(followUp(input, ref, 1));
    expect(over.ack).toMatchObject({ outcome: 'rejected', httpStatus: 422, code: 'not-capturable' });
  });

  it('an open replayed with the same transaction id answers the same payment and one verdict', async () => {
    const input = h.openInput('card', { payerInput: card('4111111111111111') });
    const first = await h.driver('card').open(input);
    const again = await h.driver('card').open(input);
    expect(again.ack.providerRef).toBe(first.ack.providerRef);
    await factsFor(h, input.transactionId);
    const later = await authorizedCard();
    expect(later.ref).not.toBe(first.ack.providerRef);
    expect(h.facts.filter((f) => f.kind === 'authorized' && f.ref.transactionId === input.transactionId)).toHaveLength(1);
  });

  it('the same key with other parameters is refused', async () => {
    const { ref } = await authorizedCard();
    const key = randomUUID();
    const api = request(h.url);
    await api.post(`/fake-psp/api/payments/${ref}/captures`).set('x-api-key', API_KEY).set('idempotency-key', key).send({ reference: key, amount: { value: 100, currency: 'EUR' } }).expect(201);
    const replay = await api.post(`/fake-psp/api/payments/${ref}/captures`).set('x-api-key', API_KEY).set('idempotency-key', key).send({ reference: key, amount: { value: 100, currency: 'EUR' } }).expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await api.post(`/fake-psp/api/payments/${ref}/captures`).set('x-api-key', API_KEY).set('idempotency-key', key).send({ reference: key, amount: { value: 200, currency: 'EUR' } }).expect(409);
    expect(other.body).toMatchObject({ error: 'idempotency-key-reused' });
  });

  it('the API refuses a missing or wrong API key', async () => {
    await request(h.url).get('/fake-psp/api/payments?reference=x').expect(401);
    await request(h.url).get('/fake-psp/api/payments?reference=x').set('x-api-key', 'wrong').expect(401);
  });

  it('voids a hold; a captured hold can no longer be voided', async () => {
    const held = await authorizedCard();
    const voiding = followUp(held.input, held.ref, 10_000);
    expect((await h.driver('card').void(voiding)).ack.outcome).toBe('accepted');
    const [fact] = await factsFor(h, voiding.transactionId);
    expect(fact).toMatchObject({ kind: 'voided', success: true });

    const taken = await authorizedCard();
    await h.driver('card').capture(followUp(taken.input, taken.ref, 10_000));
    const late = followUp(taken.input, taken.ref, 10_000);
    const refused = await h.driver('card').void(late);
    expect(refused.ack).toMatchObject({ outcome: 'rejected', httpStatus: 422, code: 'not-voidable' });
    expect(refused.facts).toEqual([expect.objectContaining({ kind: 'voided', success: false, ref: { transactionId: late.transactionId } })]);
  });

  it('refunds a captured card in slices, never beyond what was taken', async () => {
    const { input, ref } = await authorizedCard();
    await h.driver('card').capture(followUp(input, ref, 10_000));
    const slice = followUp(input, ref, 3_000);
    expect((await h.driver('card').refund(slice)).ack.outcome).toBe('accepted');
    expect(await factsFor(h, slice.transactionId)).toEqual([expect.objectContaining({ kind: 'refunded', success: true })]);
    const tooMuch = await h.driver('card').refund(followUp(input, ref, 7_001));
    expect(tooMuch.ack).toMatchObject({ outcome: 'rejected', code: 'amount-exceeds-captured' });
    expect(tooMuch.facts).toEqual([expect.objectContaining({ kind: 'refunded', success: false })]);
  });

  it('ancv: a direct payment, refunded in full only and never voided', async () => {
    const input = h.openInput('ancv', { amount: 5_000 });
    const opened = await h.driver('ancv').open(input);
    const ref = opened.ack.providerRef ?? '';
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).send({ amount: 4_000 }).expect(303);
    await factsFor(h, input.transactionId);
    expect((await h.driver('ancv').capture(followUp(input, ref, 4_000))).ack).toMatchObject({ outcome: 'rejected', code: 'not-capturable' });
    expect((await h.driver('ancv').void(followUp(input, ref, 4_000))).ack).toMatchObject({ outcome: 'rejected', code: 'void-not-supported' });
    expect((await h.driver('ancv').refund(followUp(input, ref, 1_000))).ack).toMatchObject({ outcome: 'rejected', code: 'partial-refund-not-supported' });
    const whole = followUp(input, ref, 4_000);
    expect((await h.driver('ancv').refund(whole)).ack.outcome).toBe('accepted');
    expect(await factsFor(h, whole.transactionId)).toEqual([expect.objectContaining({ kind: 'refunded', success: true })]);
  });

  it('applepay: open answers an ack, confirm carries the token and is authorized in full', async () => {
    const token = `applepay-token-${randomUUID()}`;
    const input = h.openInput('applepay', { amount: 7_700 });
    const opened = await h.driver('applepay').open(input);
    expect(opened.ack).toMatchObject({ outcome: 'accepted', code: 'awaiting-token' });
    expect(opened.redirect).toBeUndefined();
    const confirm = h.driver('applepay').confirm;
    if (!confirm) throw new Error('applepay must confirm');
    const confirmInput = { ...input, providerRef: opened.ack.providerRef ?? '', payerInput: { method: 'applepay', paymentToken: token } };
    const confirmed = await confirm.call(h.driver('applepay'), confirmInput);
    expect(confirmed.ack).toMatchObject({ outcome: 'accepted', httpStatus: 202 });
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'authorized', granted: { amount: 7_700 } });
    const lookup = await request(h.url).get(`/fake-psp/api/payments/${opened.ack.providerRef}`).set('x-api-key', API_KEY).expect(200);
    expect(JSON.stringify([confirmed, fact, lookup.body]) + h.deliveries.join('') + h.logger.lines.join('')).not.toContain(token);
    const twice = await confirm.call(h.driver('applepay'), { ...confirmInput, transactionId: randomUUID() as TransactionId });
    expect(twice.ack).toMatchObject({ outcome: 'rejected', code: 'not-awaiting-token' });
    const empty = await confirm.call(h.driver('applepay'), { ...confirmInput, payerInput: { method: 'applepay' } });
    expect(empty.ack.outcome).toBe('rejected');
  });

  it('oney: a file the lender still studies is cancelled by a void; the lender can no longer decide it and a lookup finds no verdict', async () => {
    expect(h.driver('oney').capabilities.cancelsStudy).toBe(true);
    const studied = h.openInput('oney', { plan: { installments: 3, withFees: false } });
    const opened = await h.driver('oney').open(studied);
    const ref = opened.ack.providerRef ?? '';
    await request(h.url).post(`/fake-psp/pay/${ref}/study`).expect(303);
    expect(await factsFor(h, studied.transactionId)).toEqual([expect.objectContaining({ kind: 'lender-pending' })]);

    const cancel = followUp(studied, ref, 10_000);
    expect((await h.driver('oney').void(cancel)).ack).toMatchObject({ outcome: 'accepted', httpStatus: 201 });
    expect(await factsFor(h, cancel.transactionId)).toEqual([expect.objectContaining({ kind: 'voided', success: true })]);
    const late = await request(h.url).post(`/fake-psp/pay/${ref}/approve`);
    expect(late.status).toBeGreaterThanOrEqual(400);
    const looked = await h.driver('oney').lookup?.({ ...studied, target: { transactionId: studied.transactionId, providerRef: ref }, amount: studied.amount });
    expect(looked).toMatchObject({ ack: { outcome: 'accepted' }, facts: [] });
  });

  it('status lookup: by PSP ref or by our reference; pending has no fact; unknown is declined', async () => {
    const pending = h.openInput('paypal');
    const opened = await h.driver('paypal').open(pending);
    const lookup = (target: FollowUpInput['target']) => h.driver('paypal').lookup?.({ ...pending, target, amount: pending.amount });
    expect((await lookup({ providerRef: opened.ack.providerRef ?? '' }))?.facts).toEqual([]);
    await request(h.url).post(`/fake-psp/pay/${opened.ack.providerRef}/approve`).expect(303);
    const found = await lookup({ transactionId: pending.transactionId });
    expect(found?.ack).toMatchObject({ outcome: 'accepted', httpStatus: 200 });
    expect(found?.facts).toEqual([expect.objectContaining({ kind: 'authorized', granted: { amount: 10_000, currency: 'EUR' }, ref: { transactionId: pending.transactionId, providerRef: opened.ack.providerRef } })]);
    const missing = await lookup({ transactionId: randomUUID() });
    expect(missing?.ack).toMatchObject({ outcome: 'rejected', httpStatus: 404 });
    expect(missing?.facts).toEqual([expect.objectContaining({ kind: 'declined', statusCode: 'not-found' })]);
  });

  it('chargebacks: raised on the capture of a hold, with its dispute, and representments', async () => {
    const { input, ref } = await authorizedCard();
    await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: ref, amount: 500 }).expect(422);
    const sent = await h.driver('card').capture(followUp(input, ref, 10_000));
    const captureRef = sent.ack.providerRef ?? '';
    await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: ref, amount: 2_500, date: '2031-02-03', reasonCode: '10.4' }).expect(202);
    await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: captureRef, amount: 2_500, date: '2031-03-01', type: 'representment' }).expect(202);
    const disputes = await eventually(() => {
      const found = h.facts.filter((f) => f.kind === 'chargeback' && f.providerRef === captureRef);
      return found.length === 2 ? found : undefined;
    }, 'two chargeback facts');
    expect(disputes).toEqual(
      expect.arrayContaining([
        { kind: 'chargeback', providerRef: captureRef, type: 'chargeback', amount: { amount: 2_500, currency: 'EUR' }, date: '2031-02-03', reasonCode: '10.4', status: 'opened', validUntil: '2031-03-05' },
        expect.objectContaining({ type: 'representment', date: '2031-03-01', status: 'won' }),
      ]),
    );
  });

  it('chargebacks: on a direct payment, with the defaults (today, reason 4837, chargeback, valid 30 days)', async () => {
    const input = h.openInput('ancv', { amount: 5_000 });
    const opened = await h.driver('ancv').open(input);
    const ref = opened.ack.providerRef ?? '';
    await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: ref, amount: 100 }).expect(422);
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).expect(303);
    await factsFor(h, input.transactionId);
    const before = new Date().toISOString().slice(0, 10);
    const raised = await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: ref, amount: 1_200 }).expect(202);
    const after = new Date().toISOString().slice(0, 10);
    expect([before, after]).toContain(raised.body.date);
    expect(raised.body).toMatchObject({ providerRef: ref, type: 'chargeback', amount: { value: 1_200, currency: 'EUR' } });
    const dispute = await eventually(() => h.facts.find((f) => f.kind === 'chargeback' && f.providerRef === ref), 'the chargeback fact');
    const validUntil = new Date(Date.parse(`${raised.body.date as string}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(dispute).toEqual({ kind: 'chargeback', providerRef: ref, type: 'chargeback', amount: { amount: 1_200, currency: 'EUR' }, date: raised.body.date, reasonCode: '4837', status: 'opened', validUntil });
  });

  it('chargebacks: bad requests and unknown refs are refused', async () => {
    await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: 'fkp_nothing', amount: 100 }).expect(404);
    await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: 'fkp_nothing', amount: -1 }).expect(400);
    await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: 'fkp_nothing', amount: 1, date: '2031-02-30' }).expect(400);
    await request(h.url).post('/fake-psp/chargebacks').send({ providerRef: 'fkp_nothing', amount: 1, type: 'refund' }).expect(400);
  });
});
