import request from 'supertest';
import { card, factsFor, startHarness, type Harness } from './testing/fake-psp.harness';

describe('fake PSP: scripted test cards over HTTP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('4111111111111111 is authorized in full, on visa, by a signed notification', async () => {
    const input = h.openInput('card', { amount: 12_345, payerInput: card('4111111111111111') });
    const opened = await h.driver('card').open(input);
    expect(opened.ack).toMatchObject({ outcome: 'accepted', httpStatus: 201, code: 'received' });
    expect(opened.ack.providerRef).toMatch(/^fkp_/);
    expect(opened.facts).toEqual([]);
    expect(opened.redirect).toBeUndefined();
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toEqual({
      kind: 'authorized',
      ref: { transactionId: input.transactionId, providerRef: opened.ack.providerRef },
      providerRef: opened.ack.providerRef,
      granted: { amount: 12_345, currency: 'EUR' },
      cardScheme: 'visa',
      statusCode: '00',
      statusMessage: 'Approved',
    });
  });

  it.each([
    ['4000000000000002', 'bank-refusal', '05'],
    ['4000000000009995', 'insufficient-funds', '51'],
    ['4000000000000069', 'expired', '54'],
  ])('%s is declined with category %s', async (cardNumber, category, code) => {
    const input = h.openInput('card', { payerInput: card(cardNumber) });
    const opened = await h.driver('card').open(input);
    expect(opened.ack.outcome).toBe('accepted');
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'declined', category, statusCode: code, providerRef: opened.ack.providerRef });
  });

  it('4000000000000010 is authorized for half the amount, rounded down (an issuer partial)', async () => {
    const input = h.openInput('card', { amount: 10_001, payerInput: card('4000000000000010') });
    await h.driver('card').open(input);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'authorized', granted: { amount: 5_000, currency: 'EUR' }, statusCode: '10' });
    expect(fact).not.toHaveProperty('chosenByPayer');
  });

  it('4000000000000010 on an amount whose half is 0 is declined, insufficient-funds', async () => {
    const input = h.openInput('card', { amount: 1, payerInput: card('4000000000000010') });
    await h.driver('card').open(input);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'declined', category: 'insufficient-funds' });
  });

  it('4000000000000010 grants half even where the method does not allow partial authorization', async () => {
    const base = h.openInput('card', { amount: 8_000, payerInput: card('4000000000000010') });
    const input = { ...base, offer: { ...base.offer, partialAuth: false } };
    await h.driver('card').open(input);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'authorized', granted: { amount: 4_000 } });
  });

  it('4000000000003220 redirects to a 3-D Secure page, then is authorized once the payer authenticates', async () => {
    const input = h.openInput('card', { payerInput: card('4000000000003220') });
    const opened = await h.driver('card').open(input);
    expect(opened.ack).toMatchObject({ outcome: 'accepted', code: 'challenge' });
    const ref = opened.ack.providerRef ?? '';
    expect(opened.redirect).toEqual({ kind: 'navigate', url: `${h.url}/fake-psp/pay/${ref}` });

    const page = await request(h.url).get(`/fake-psp/pay/${ref}`).expect(200);
    expect(page.text).toContain('3-D Secure');
    expect(page.text).toContain('Authenticate');
    expect(h.facts.some((f) => f.kind !== 'chargeback' && f.ref.transactionId === input.transactionId)).toBe(false);

    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).expect(303).expect('location', input.returnUrl);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'authorized', granted: { amount: 10_000 }, cardScheme: 'visa' });
  });

  it('a failed 3-D Secure challenge is declined as authentication-failed', async () => {
    const input = h.openInput('card', { payerInput: card('4000000000003220') });
    const opened = await h.driver('card').open(input);
    await request(h.url).post(`/fake-psp/pay/${opened.ack.providerRef}/decline`).expect(303);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'declined', category: 'authentication-failed' });
  });

  it('names the scheme from the number: 5 mastercard, 34/37 amex, other numbers none', async () => {
    const numbers = { '5555555555554444': 'mastercard', '378282246310005': 'amex', '6011111111111117': undefined };
    for (const [cardNumber, scheme] of Object.entries(numbers)) {
      const input = h.openInput('card', { payerInput: card(cardNumber) });
      await h.driver('card').open(input);
      const [fact] = await factsFor(h, input.transactionId);
      expect(fact?.kind === 'authorized' ? fact.cardScheme : 'not authorized').toBe(scheme);
    }
  });

  it('registers the card when asked: the authorized verdict carries a cardAlias', async () => {
    const input = h.openInput('card', { registerAlias: true, payerInput: card('4111111111111111') });
    await h.driver('card').open(input);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact?.kind === 'authorized' && fact.cardAlias).toMatch(/^fka_[0-9a-f]{32}$/);
  });

  it('refuses malformed card data at the door: a rejected ack and a declined fact, no notification', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [card('4111111111111112'), 'invalid-card-data'],
      [card('4111111111111111', '13/30'), 'invalid-card-data'],
      [card('4111111111111111', '01/20'), 'expired'],
      [{ ...card('4111111111111111'), cvc: '12' }, 'invalid-card-data'],
    ];
    const refused: string[] = [];
    for (const [payerInput, category] of cases) {
      const input = h.openInput('card', { payerInput });
      refused.push(input.transactionId);
      const opened = await h.driver('card').open(input);
      expect(opened.ack).toMatchObject({ outcome: 'rejected', httpStatus: 422, code: category, category });
      expect(opened.facts).toEqual([expect.objectContaining({ kind: 'declined', category, ref: expect.objectContaining({ transactionId: input.transactionId }) })]);
    }
    // A verdict queued after the refusals arrives after anything they could have queued.
    const later = h.openInput('card', { payerInput: card('4111111111111111') });
    await h.driver('card').open(later);
    await factsFor(h, later.transactionId);
    expect(h.facts.filter((f) => f.kind !== 'chargeback' && refused.includes(f.ref.transactionId ?? ''))).toEqual([]);
  });

  it('refuses a card form without its fields before calling the PSP', async () => {
    const input = h.openInput('card', { payerInput: { method: 'card', cardNumber: '4111111111111111' } });
    const opened = await h.driver('card').open(input);
    expect(opened.ack).toMatchObject({ outcome: 'rejected', category: 'invalid-card-data' });
    expect(opened.ack.httpStatus).toBeUndefined();
  });

  it('never lets the card number reach an ack, a fact, a lookup, a page or a log line', async () => {
    const number = '4000000000000002';
    const input = h.openInput('card', { payerInput: card(number) });
    const opened = await h.driver('card').open(input);
    const facts = await factsFor(h, input.transactionId);
    const lookup = await h.driver('card').lookup?.({ ...input, target: { transactionId: input.transactionId } });
    const page = await request(h.url).get(`/fake-psp/pay/${opened.ack.providerRef}`);
    const seen = JSON.stringify([opened, facts, lookup]) + page.text + h.deliveries.join('') + h.logger.lines.join('');
    expect(seen).not.toContain(number);
    expect(seen).not.toMatch(/cvc|expiry|Ada Payer/);
    expect(lookup?.facts).toEqual([expect.objectContaining({ kind: 'declined', category: 'bank-refusal' })]);
  });
});
