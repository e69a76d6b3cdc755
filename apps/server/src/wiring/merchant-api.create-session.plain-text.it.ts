import request from 'supertest';
import { PLAIN_TEXT_PATTERN } from '@splitpay/domain';
import { type AccountTokens, call, sessionBody, startAccountService } from '../../test/support/merchant-api-calls';
import type { ServiceHarness } from '../../test/support/service-harness';
import { itAnsweredAsTheOpenApiDocumentSays } from '../../test/support/openapi-recorder';

const line = (label: string) => ({ label, quantity: 1, amount: { amount: 1000, currency: 'EUR' } });
const cart = (label: string) => ({ cartItems: [line('TV'), line('Radio'), line(label)] });

/** What the PSPs, the payment page and the export would choke on (docs/decisions.md D67). */
const CONTROLS: readonly (readonly [string, string])[] = [
  ['NUL', 'Vélo\u0000rouge'],
  ['line feed', 'Vélo\nrouge'],
  ['carriage return', 'Vélo\r'],
  ['tab', '\tVélo'],
  ['DEL', 'Vélo\u007F'],
  ['C1 next line', 'Vélo\u0085rouge'],
  ['line separator', 'Vélo\u2028rouge'],
  ['lone high surrogate', 'Vélo\uD83D'],
  ['lone low surrogate', '\uDE00Vélo'],
];

/** One field of each kind that reaches a PSP, a page or an export, and the path the message names. */
const FIELDS: readonly (readonly [string, (text: string) => Record<string, unknown>])[] = [
  ['cartItems[2].label', cart],
  ['cartItems[0].detail.brand', (t) => ({ cartItems: [{ ...line('TV'), detail: { brand: t } }] })],
  ['cartItems[0].detail.itemId', (t) => ({ cartItems: [{ ...line('TV'), detail: { itemId: t } }] })],
  ['cartItems[0].detail.delivery.label', (t) => ({ cartItems: [{ ...line('TV'), detail: { delivery: { label: t } } }] })],
  ['customer.lastName', (t) => ({ customer: { lastName: t } })],
  ['customer.email', (t) => ({ customer: { email: `ada${t}@shop.example` } })],
  ['billing.address', (t) => ({ billing: { address: t } })],
  ['shipping.city', (t) => ({ shipping: { city: t } })],
  ['travel.stays[0].location', (t) => ({ travel: { stays: [{ location: t }] } })],
  ['terms[0].label', (t) => ({ terms: [{ label: t, url: 'https://shop.example/cgv' }] })],
  ['statementDescriptor', (t) => ({ statementDescriptor: t })],
  ['extraData', (t) => ({ extraData: t })],
  ['orderId', (t) => ({ orderId: t.slice(0, 10) })],
  ['paymentMethodFilters.channel', (t) => ({ paymentMethodFilters: { channel: t } })],
  ['methods[0].label', (t) => ({ methods: [{ method: 'card', label: t }] })],
  ['methods[0].id', (t) => ({ methods: [{ method: 'card', id: t }] })],
];

const escaped = (path: string) => path.replace(/[.[\]]/g, '\\$&');

describe('POST /api/sessions: free text without control characters (docs/decisions.md D67)', () => {
  let h: ServiceHarness;
  let tokens: AccountTokens;
  beforeAll(async () => {
    ({ h, tokens } = await startAccountService());
  }, 60_000);

  const cases = FIELDS.flatMap(([path, body]) => CONTROLS.map(([name, text]) => [path, name, body(text)] as const));

  it.each(cases)('%s with a %s is InvalidRequest naming the field', async (path, _name, overrides) => {
    const res = await call(h.app, 'post', '/api/sessions', { token: tokens.acme, body: sessionBody(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('InvalidRequest');
    expect(res.body.message).toMatch(new RegExp(`^${escaped(path)} must not contain a control character, a line break or a lone surrogate`));
  });

  it.each([
    ['accents', 'Crème brûlée façon grand-mère, 1 € pièce'],
    ['emoji', 'Gift box 🎁 with 👩🏽‍🍳 recipe'],
    ['CJK', '北京烤鸭・東京タワー・서울'],
    ['RTL', 'שלום עולם مرحبا بالعالم'],
    ['symbols and spaces', 'A\u00A0B ‘quoted’ — « guillemets » 10 × 2'],
  ])('ordinary text with %s is accepted in every field', async (_kind, text) => {
    const body = sessionBody({
      ...cart(text),
      customer: { firstName: text, lastName: text, email: 'ada@shop.example' },
      billing: { address: text, city: text, companyName: text },
      shipping: { address: text, city: text },
      travel: { stays: [{ location: text }], passenger: { firstName: text } },
      terms: [{ label: text, url: 'https://shop.example/cgv' }],
      statementDescriptor: text,
      extraData: text,
      paymentMethodFilters: { channel: text },
      methods: [{ method: 'card', label: text }],
    });
    const res = await call(h.app, 'post', '/api/sessions', { token: tokens.acme, body });
    expect(res.status).toBe(201);
    const read = await call(h.app, 'get', `/api/sessions/${res.body.sessionId as string}`, { token: tokens.acme });
    expect(read.body.cartItems[2].label).toBe(text);
    expect(read.body.billing.address).toBe(text);
  });

  it('the served OpenAPI document shows the rule: the pattern and its words on each such field, a sentence in its description', async () => {
    const doc = (await request(h.app).get('/openapi.json')).body;
    const schemas = doc.components.schemas;
    for (const field of [schemas.CartItem.properties.label, schemas.Address.properties.address, schemas.SessionRequest.properties.extraData, schemas.RefundRequest.properties.extraData]) {
      expect(field).toMatchObject({ pattern: PLAIN_TEXT_PATTERN.source, description: expect.stringMatching(/no control character, line break or lone surrogate$/) });
    }
    expect(doc.info.description).toContain('Free text (names, addresses, labels, descriptors, extraData) refuses control characters');
  });

  itAnsweredAsTheOpenApiDocumentSays();
});
