import { call, merchantApiHarness, sessionBody, type MerchantApiHarness } from './merchant-api.test-harness';

const line = { label: 'TV', quantity: 1, amount: { amount: 1000, currency: 'EUR' } };
const card = (extra: Record<string, unknown>) => ({ methods: [{ method: 'card', ...extra }] });
const alias = { mode: 'oneclick', recurringFrequency: 30, recurringExpiry: '2027-12-31' };

/**
 * One row per rule of the spec's tables (POST /api/sessions body, method entries, CartItem, detail,
 * delivery, Customer, Address, Travel, Terms): the override, and what the message must name.
 */
const ROWS: readonly (readonly [string, Record<string, unknown>, RegExp])[] = [
  ['body not an object', { __replace: [1, 2] }, /^body must be of type object$/],
  ['unknown property', { merchantId: 'acme' }, /^merchantId is not a declared property$/],
  ['currency required', { currency: undefined }, /^currency is required$/],
  ['currency type', { currency: 978 }, /^currency must be of type string$/],
  ['currency pattern', { currency: 'eur' }, /^currency must match the pattern \^\[A-Z\]\{3\}\$$/],
  ['total required', { total: undefined }, /^total is required$/],
  ['total type', { total: '100' }, /^total must be an integer$/],
  ['total integer', { total: 10.5 }, /^total must be an integer$/],
  ['total minimum', { total: 0 }, /^total must be at least 1$/],
  ['methods required', { methods: undefined }, /^methods is required$/],
  ['methods type', { methods: { method: 'card' } }, /^methods must be of type array$/],
  ['methods minItems', { methods: [] }, /^methods must hold at least 1 item$/],
  ['method required', { methods: [{ id: 'x' }] }, /^methods\[0\]\.method is required$/],
  ['method value', { methods: [{ method: 'bitcoin' }] }, /^methods\[0\]\.method must be one of card, applepay, paypal, wero, oney, ancv$/],
  ['orderId required', { orderId: undefined }, /^orderId is required$/],
  ['orderId type', { orderId: 42 }, /^orderId must be of type string$/],
  ['paymentMethodFilters type', { paymentMethodFilters: 'FR' }, /^paymentMethodFilters must be of type object$/],
  ['country pattern', { paymentMethodFilters: { country: 'fr' } }, /^paymentMethodFilters\.country must match the pattern/],
  ['channel minLength', { paymentMethodFilters: { channel: '' } }, /^paymentMethodFilters\.channel must be at least 1 characters long$/],
  ['channel maxLength', { paymentMethodFilters: { channel: 'c'.repeat(65) } }, /^paymentMethodFilters\.channel must be at most 64 characters long$/],
  ['filters unknown property', { paymentMethodFilters: { region: 'EU' } }, /^paymentMethodFilters\.region is not a declared property$/],
  ['mustCreateAlias type', { mustCreateAlias: 'yes' }, /^mustCreateAlias must be of type boolean$/],
  ['cartItems type', { cartItems: line }, /^cartItems must be of type array$/],
  ['cart label required', { cartItems: [{ ...line, label: undefined }] }, /^cartItems\[0\]\.label is required$/],
  ['cart label minLength', { cartItems: [{ ...line, label: '' }] }, /^cartItems\[0\]\.label must be at least 1 characters long$/],
  ['cart quantity minimum', { cartItems: [{ ...line, quantity: 0 }] }, /^cartItems\[0\]\.quantity must be at least 1$/],
  ['cart amount shape', { cartItems: [{ ...line, amount: 1000 }] }, /^cartItems\[0\]\.amount must be of type object$/],
  ['cart amount currency', { cartItems: [{ ...line, amount: { amount: 1000, currency: 'euro' } }] }, /^cartItems\[0\]\.amount\.currency must match the pattern/],
  ['cart unknown property', { cartItems: [{ ...line, sku: 'x' }] }, /^cartItems\[0\]\.sku is not a declared property$/],
  ['detail itemId minLength', { cartItems: [{ ...line, detail: { itemId: '' } }] }, /^cartItems\[0\]\.detail\.itemId must be at least 1 characters long$/],
  ['detail category enum', { cartItems: [{ ...line, detail: { category: 'books' } }] }, /^cartItems\[0\]\.detail\.category must be one of computersandsoftware, /],
  ['detail brand maxLength', { cartItems: [{ ...line, detail: { brand: 'b'.repeat(101) } }] }, /^cartItems\[0\]\.detail\.brand must be at most 100 characters long$/],
  ['detail discount type', { cartItems: [{ ...line, detail: { discount: 1.5 } }] }, /^cartItems\[0\]\.detail\.discount must be an integer$/],
  ['detail tax type', { cartItems: [{ ...line, detail: { tax: '20' } }] }, /^cartItems\[0\]\.detail\.tax must be an integer$/],
  ['delivery type enum', { cartItems: [{ ...line, detail: { delivery: { type: 'drone' } } }] }, /^cartItems\[0\]\.detail\.delivery\.type must be one of storepickup, /],
  ['delivery speed enum', { cartItems: [{ ...line, detail: { delivery: { speed: 'slow' } } }] }, /^cartItems\[0\]\.detail\.delivery\.speed must be one of standard, express$/],
  ['delivery expectedDate pattern', { cartItems: [{ ...line, detail: { delivery: { expectedDate: '10/02/2026' } } }] }, /^cartItems\[0\]\.detail\.delivery\.expectedDate must match the pattern/],
  ['delivery expectedDelay type', { cartItems: [{ ...line, detail: { delivery: { expectedDelay: 'soon' } } }] }, /^cartItems\[0\]\.detail\.delivery\.expectedDelay must be an integer$/],
  ['delivery label maxLength', { cartItems: [{ ...line, detail: { delivery: { label: 'l'.repeat(101) } } }] }, /^cartItems\[0\]\.detail\.delivery\.label must be at most 100 characters long$/],
  ['extraData minLength', { extraData: '' }, /^extraData must be at least 1 characters long$/],
  ['extraData maxLength', { extraData: 'e'.repeat(256) }, /^extraData must be at most 255 characters long$/],
  ['statementDescriptor minLength', { statementDescriptor: '' }, /^statementDescriptor must be at least 1 characters long$/],
  ['returnUrl pattern', { returnUrl: 'shop.example/return' }, /^returnUrl must match the pattern \^https\?:\/\/$/],
  ['cancelUrl pattern', { cancelUrl: 'javascript:history.back()' }, /^cancelUrl must match the pattern/],
  ['notificationUrl type', { notificationUrl: 443 }, /^notificationUrl must be of type string$/],
  ['ttlMs type', { ttlMs: '60000' }, /^ttlMs must be an integer$/],
  ['ttlMs minimum', { ttlMs: 999 }, /^ttlMs must be at least 1000$/],
  ['customer type', { customer: 'ada' }, /^customer must be of type object$/],
  ['customer email minLength', { customer: { email: 'a@' } }, /^customer\.email must be at least 3 characters long$/],
  ['customer ident minLength', { customer: { ident: '' } }, /^customer\.ident must be at least 1 characters long$/],
  ['customer activity integer', { customer: { activity: { transactionsLast24h: 'many' } } }, /^customer\.activity\.transactionsLast24h must be an integer$/],
  ['customer unknown property', { customer: { birthday: '1990-01-01' } }, /^customer\.birthday is not a declared property$/],
  ['billing country pattern', { billing: { country: 'France' } }, /^billing\.country must match the pattern/],
  ['billing title enum', { billing: { title: 'dr' } }, /^billing\.title must be one of mr, mrs, miss$/],
  ['billing phone minLength', { billing: { phone: '+33' } }, /^billing\.phone must be at least 5 characters long$/],
  ['billing phone format', { billing: { phone: '0612345678' } }, /^billing\.phone must match the pattern/],
  ['shipping city minLength', { shipping: { city: '' } }, /^shipping\.city must be at least 1 characters long$/],
  ['shipping unknown property', { shipping: { floor: 3 } }, /^shipping\.floor is not a declared property$/],
  ['travel passenger dateOfBirth', { travel: { passenger: { dateOfBirth: '1990-13-45' } } }, /^travel\.passenger\.dateOfBirth must be a valid date$/],
  ['travel stays roomCount', { travel: { stays: [{ roomCount: 0 }] } }, /^travel\.stays\[0\]\.roomCount must be at least 1$/],
  ['travel insurance type', { travel: { insurance: 'yes' } }, /^travel\.insurance must be of type boolean$/],
  ['terms minItems', { terms: [] }, /^terms must hold at least 1 item$/],
  ['terms label required', { terms: [{ url: 'https://shop.example/cgv' }] }, /^terms\[0\]\.label is required$/],
  ['terms url format', { terms: [{ label: 'CGV', url: 'not a uri' }] }, /^terms\[0\]\.url must be a valid uri$/],
  ['card partialAuth type', card({ partialAuth: 'true' }), /^methods\[0\]\.partialAuth must be of type boolean$/],
  ['card schemes minItems', card({ schemes: [] }), /^methods\[0\]\.schemes must hold at least 1 item$/],
  ['card schemes value', card({ schemes: ['visa', 'bitcoin'] }), /^methods\[0\]\.schemes\[1\] must be one of cb, visa, /],
  ['card schemes unique', card({ schemes: ['visa', 'visa'] }), /^methods\[0\]\.schemes must not repeat an item/],
  ['card createAlias required', card({ createAlias: { mode: 'oneclick' } }), /^methods\[0\]\.createAlias\.recurringFrequency is required$/],
  ['card createAlias mode', card({ createAlias: { ...alias, mode: 'weekly' } }), /^methods\[0\]\.createAlias\.mode must be one of oneclick, subscription$/],
  ['card createAlias frequency', card({ createAlias: { ...alias, recurringFrequency: 0 } }), /^methods\[0\]\.createAlias\.recurringFrequency must be at least 1$/],
  ['card createAlias expiry', card({ createAlias: { ...alias, recurringExpiry: '31/12/2027' } }), /^methods\[0\]\.createAlias\.recurringExpiry must match the pattern/],
  ['card threeDSecure enum', card({ threeDSecure: 'none' }), /^methods\[0\]\.threeDSecure must be one of sca, frictionless$/],
  ['card cardHolder type', card({ cardHolder: 1 }), /^methods\[0\]\.cardHolder must be of type boolean$/],
  ['card id minLength', card({ id: '' }), /^methods\[0\]\.id must be at least 1 characters long$/],
  ['card label minLength', card({ label: '' }), /^methods\[0\]\.label must be at least 1 characters long$/],
  ['card provider minLength', card({ provider: '' }), /^methods\[0\]\.provider must be at least 1 characters long$/],
  ['card range required', card({ range: { min: 100 } }), /^methods\[0\]\.range\.max is required$/],
  ['card range type', card({ range: { min: 100, max: '500' } }), /^methods\[0\]\.range\.max must be an integer$/],
  ['card range order', card({ range: { min: 500, max: 100 } }), /^methods\[0\]\.range\.min must not exceed methods\[0\]\.range\.max$/],
  ['card unknown property', card({ plans: [] }), /^methods\[0\]\.plans is not a declared property$/],
  ['wallet unknown property', { methods: [{ method: 'paypal', schemes: ['visa'] }] }, /^methods\[0\]\.schemes is not a declared property$/],
  ['financing plans minItems', { methods: [{ method: 'oney', plans: [] }] }, /^methods\[0\]\.plans must hold at least 1 item$/],
  ['financing installments minimum', { methods: [{ method: 'oney', plans: [{ installments: 1, withFees: false }] }] }, /^methods\[0\]\.plans\[0\]\.installments must be at least 2$/],
  ['financing withFees required', { methods: [{ method: 'oney', plans: [{ installments: 3 }] }] }, /^methods\[0\]\.plans\[0\]\.withFees is required$/],
  ['cart line currency', { cartItems: [{ ...line, amount: { amount: 1000, currency: 'USD' } }] }, /^cartItems\[0\]\.amount\.currency must be the session currency EUR$/],
];

describe('POST /api/sessions: InvalidRequest names the field and the rule', () => {
  let h: MerchantApiHarness;
  beforeAll(async () => {
    h = await merchantApiHarness();
  }, 60_000);

  it.each(ROWS)('%s', async (_label, overrides, message) => {
    const replace = (overrides as { __replace?: unknown }).__replace;
    const body = replace ?? JSON.parse(JSON.stringify(sessionBody(overrides)));
    const res = await call(h.app, 'post', '/api/sessions', { token: h.tokens.acme, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('InvalidRequest');
    expect(res.body.message).toMatch(message);
  });
});
