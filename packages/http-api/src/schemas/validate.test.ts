import { confirmAttemptSchema, startAttemptSchema } from './elements.schema';
import { named } from './json-schema';
import { sessionRequestSchema } from './session-request.schema';
import { readSessionRequest } from './session-request.read';
import { compileSchema, validator, withNamedRefs } from './validate';

const body = (overrides: Record<string, unknown> = {}) => ({ currency: 'EUR', total: 10_000, orderId: 'order-1', methods: [{ method: 'card' }], ...overrides });

describe('validator: named schemas compiled apart', () => {
  it("keeps the session request's checking function far under the size V8 optimizes (about 60 KB of bytecode)", () => {
    // Inlined, every address, customer and cart item written out again at each place: 153,071
    // characters once D67's free-text checks were added, and V8 left the function to its interpreter.
    expect(compileSchema(sessionRequestSchema).toString().length).toBeLessThan(100_000);
  });

  it('writes a named schema met twice once, under $defs, and leaves the schemas it was given as they were', () => {
    const part = named('ValidateTestPart', { type: 'object', properties: { label: { type: 'string' } } });
    const schema = { type: 'object', properties: { a: part, b: { type: 'array', items: part } } };
    const before = JSON.stringify(schema);
    expect(withNamedRefs(schema)).toEqual({
      type: 'object',
      properties: { a: { $ref: '#/$defs/ValidateTestPart' }, b: { type: 'array', items: { $ref: '#/$defs/ValidateTestPart' } } },
      $defs: { ValidateTestPart: { type: 'object', properties: { label: { type: 'string' } } } },
    });
    expect(JSON.stringify(schema)).toBe(before);
    expect(() => validator(schema, 'body')({ a: { label: 1 } })).toThrow('a.label must be of type string');
    expect(() => validator(schema, 'body')({ b: [{}, { label: 2 }] })).toThrow('b[1].label must be of type string');
  });

  it('names the field inside a named schema as before (an address, a cart item, a method entry)', () => {
    expect(() => readSessionRequest(body({ shipping: { city: 'Lyon\n' } }))).toThrow(/^shipping\.city must not contain a control character/);
    expect(() => readSessionRequest(body({ cartItems: [{ label: 'TV', quantity: 1, amount: { amount: 1000, currency: 'EUR' }, detail: { brand: 'Z', unknown: 1 } }] }))).toThrow(
      'cartItems[0].detail.unknown is not a declared property',
    );
    expect(() => readSessionRequest(body({ methods: [{ method: 'bitcoin' }] }))).toThrow(/^methods\[0\]\.method must be one of /);
    expect(readSessionRequest(body())).toEqual(body());
  });

  it("lists a discriminator's methods, each read from its named branch under $defs", () => {
    expect(() => validator(confirmAttemptSchema, 'body')({ input: { method: 'googlepay', paymentToken: 'x' } })).toThrow(/^input\.method must be one of applepay, card$/);
    expect(() => validator(startAttemptSchema, 'body')({ methodId: 'applepay', amount: 100, input: { method: 'googlepay' } })).toThrow(
      /^input\.method must be one of card, (\w+, )+\w+$/,
    );
    expect(() => readSessionRequest(body({ methods: [{ method: 'bitcoin' }] }))).toThrow(/^methods\[0\]\.method must be one of card, (\w+, )+\w+$/);
  });
});
