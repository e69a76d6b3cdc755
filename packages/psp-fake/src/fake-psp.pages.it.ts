import request from 'supertest';
import { money, type MethodKind, type OpenInput } from '@splitpay/domain';
import { factsFor, startHarness, type Harness } from './testing/fake-psp.harness';

describe('fake PSP: payer pages and their doors', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  async function openRedirected(method: MethodKind, amount = 10_000): Promise<{ input: OpenInput; ref: string }> {
    const input = h.openInput(method, { amount, ...(method === 'oney' ? { plan: { installments: 3, withFees: false } } : {}) });
    const opened = await h.driver(method).open(input);
    expect(opened.ack).toMatchObject({ outcome: 'accepted', code: 'awaiting-payer' });
    const ref = opened.ack.providerRef ?? '';
    expect(opened.redirect).toEqual({ kind: 'navigate', url: `${h.url}/fake-psp/pay/${ref}` });
    return { input, ref };
  }

  it.each(['paypal', 'wero', 'oney', 'ancv'] as const)('%s: approve authorizes in full and sends the payer back (303)', async (method) => {
    const { input, ref } = await openRedirected(method);
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).expect(303).expect('location', input.returnUrl);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toEqual(expect.objectContaining({ kind: 'authorized', providerRef: ref, granted: { amount: 10_000, currency: 'EUR' } }));
    expect(fact).not.toHaveProperty('chosenByPayer');
  });

  it.each(['paypal', 'wero', 'oney', 'ancv'] as const)('%s: decline is a declined verdict', async (method) => {
    const { input, ref } = await openRedirected(method);
    await request(h.url).post(`/fake-psp/pay/${ref}/decline`).expect(303).expect('location', input.returnUrl);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'declined', category: 'bank-refusal' });
  });

  it.each(['paypal', 'wero', 'oney', 'ancv'] as const)('%s: cancel is the payer backing out', async (method) => {
    const { input, ref } = await openRedirected(method);
    await request(h.url).post(`/fake-psp/pay/${ref}/cancel`).expect(303).expect('location', input.returnUrl);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'cancelled-by-payer', providerRef: ref });
  });

  it('ancv: the payer may approve a lower amount (a chosen partial); more than asked is refused', async () => {
    const { input, ref } = await openRedirected('ancv', 8_000);
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).send({ amount: 8_001 }).expect(422);
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).send({ amount: 0 }).expect(400);
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).send({ amount: 5_000 }).expect(303);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'authorized', granted: { amount: 5_000, currency: 'EUR' }, chosenByPayer: true });
  });

  it('ancv: the page form posts the chosen amount as a form field', async () => {
    const { input, ref } = await openRedirected('ancv', 6_000);
    const page = await request(h.url).get(`/fake-psp/pay/${ref}`).expect(200).expect('content-type', /html/);
    expect(page.text).toContain('<label for="amount">');
    expect(page.text).toContain(`action="${h.url}/fake-psp/pay/${ref}/approve"`);
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).type('form').send({ amount: '2500' }).expect(303);
    const [fact] = await factsFor(h, input.transactionId);
    expect(fact).toMatchObject({ kind: 'authorized', granted: { amount: 2_500 }, chosenByPayer: true });
  });

  it.each([
    [1_500, 'IQD', 'IQD 1.500'],
    [10_000, 'HUF', 'HUF 100.00'],
  ])("the page shows %i %s minor units by ISO 4217's decimals: %s", async (amount, currency, shown) => {
    const input = { ...h.openInput('paypal'), amount: money(amount, currency) };
    const opened = await h.driver('paypal').open(input);
    const page = await request(h.url).get(`/fake-psp/pay/${opened.ack.providerRef ?? ''}`).expect(200);
    expect(page.text.replace(/\u00a0/g, ' ')).toContain(shown);
  });

  it('a lower amount is refused on a method where the payer does not choose it', async () => {
    const { ref } = await openRedirected('paypal');
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).send({ amount: 100 }).expect(422);
  });

  it('oney: study keeps the lender studying (lender-pending), then the lender approves', async () => {
    const { input, ref } = await openRedirected('oney');
    await request(h.url).post(`/fake-psp/pay/${ref}/study`).expect(303).expect('location', input.returnUrl);
    const [pending] = await factsFor(h, input.transactionId);
    expect(pending).toMatchObject({ kind: 'lender-pending', providerRef: ref });
    const page = await request(h.url).get(`/fake-psp/pay/${ref}`).expect(200);
    expect(page.text).toContain('The lender is studying the file.');
    await request(h.url).post(`/fake-psp/pay/${ref}/cancel`).expect(409);
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).expect(303);
    const facts = await factsFor(h, input.transactionId, 2);
    expect(facts[1]).toMatchObject({ kind: 'authorized', granted: { amount: 10_000 } });
  });

  it('oney: study, then the lender refuses', async () => {
    const { input, ref } = await openRedirected('oney');
    await request(h.url).post(`/fake-psp/pay/${ref}/study`).expect(303);
    await request(h.url).post(`/fake-psp/pay/${ref}/decline`).expect(303);
    const facts = await factsFor(h, input.transactionId, 2);
    expect(facts.map((f) => f.kind)).toEqual(['lender-pending', 'declined']);
  });

  it('study is for financing only', async () => {
    const { ref } = await openRedirected('wero');
    const answer = await request(h.url).post(`/fake-psp/pay/${ref}/study`).expect(409);
    expect(answer.body).toMatchObject({ error: 'not-financing' });
  });

  it('a decided page refuses another press and shows no buttons', async () => {
    const { ref } = await openRedirected('paypal');
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).expect(303);
    await request(h.url).post(`/fake-psp/pay/${ref}/decline`).expect(409);
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).expect(409);
    const page = await request(h.url).get(`/fake-psp/pay/${ref}`).expect(200);
    expect(page.text).toContain('This payment is authorized');
    expect(page.text).not.toContain('<button');
  });

  it('a decided page links back to the shop: its returnUrl, escaped', async () => {
    const returnUrl = 'https://shop.example.test/back?a=1&b="><i>x</i>';
    const opened = await h.driver('paypal').open({ ...h.openInput('paypal'), returnUrl });
    const ref = opened.ack.providerRef ?? '';
    const open = await request(h.url).get(`/fake-psp/pay/${ref}`).expect(200);
    expect(open.text).not.toContain('Back to the shop');
    await request(h.url).post(`/fake-psp/pay/${ref}/approve`).expect(303);
    const decided = await request(h.url).get(`/fake-psp/pay/${ref}`).expect(200);
    expect(decided.text).toContain('<a href="https://shop.example.test/back?a=1&#38;b=&#34;&#62;&#60;i&#62;x&#60;/i&#62;">Back to the shop</a>');
    expect(decided.text).not.toContain('<i>');
  });

  it("a browser's press refused because its tab is stale goes back to the shop once decided, or to the page as it stands; an API client keeps the JSON refusal", async () => {
    const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const decided = await openRedirected('paypal');
    await request(h.url).post(`/fake-psp/pay/${decided.ref}/approve`).type('form').set('accept', html).expect(303);
    await request(h.url).post(`/fake-psp/pay/${decided.ref}/approve`).type('form').set('accept', html).expect(303).expect('location', decided.input.returnUrl);
    const api = await request(h.url).post(`/fake-psp/pay/${decided.ref}/decline`).set('accept', 'application/json').expect(409);
    expect(api.body).toMatchObject({ error: 'already-decided' });

    const studying = await openRedirected('oney');
    await request(h.url).post(`/fake-psp/pay/${studying.ref}/study`).type('form').set('accept', html).expect(303);
    await request(h.url).post(`/fake-psp/pay/${studying.ref}/cancel`).type('form').set('accept', html).expect(303).expect('location', `${h.url}/fake-psp/pay/${studying.ref}`);
  });

  it('renders an accessible page: language, title, heading, labelled buttons', async () => {
    const { ref } = await openRedirected('oney');
    const page = await request(h.url).get(`/fake-psp/pay/${ref}`).expect(200);
    expect(page.text).toMatch(/<html lang="en">/);
    expect(page.text).toMatch(/<title>Fake PSP: Oney instalments<\/title>/);
    expect(page.text).toMatch(/<h1>/);
    expect(page.text).toContain('€100.00');
    for (const door of ['approve', 'decline', 'cancel', 'study']) expect(page.text).toContain(`/fake-psp/pay/${ref}/${door}"`);
  });

  it('answers its page under a strict policy that no other site may frame (clickjacking), forms posting only to its doors and the way back (D79)', async () => {
    // The way back is on the merchant's side: a redirect after a form post is under form-action too.
    const opened = await h.driver('paypal').open({ ...h.openInput('paypal'), returnUrl: 'https://shop.example.test/back?attempt=1' });
    const ref = opened.ack.providerRef ?? '';
    const page = await request(h.url).get(`/fake-psp/pay/${ref}`).expect(200);
    expect(page.headers['x-frame-options']).toBe('DENY');
    const policy = String(page.headers['content-security-policy']).split('; ');
    expect(policy).toEqual(expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"]));
    expect(policy).toContain(`form-action 'self' ${new URL(h.url).origin} https://shop.example.test`);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe|\*/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
  });

  it('unknown pages and doors answer 404', async () => {
    await request(h.url).get('/fake-psp/pay/fkp_unknown').expect(404);
    await request(h.url).post('/fake-psp/pay/fkp_unknown/approve').expect(404);
    const { ref } = await openRedirected('paypal');
    await request(h.url).post(`/fake-psp/pay/${ref}/refund-me`).expect(404);
  });
});
