import { ATTEMPT_STATUSES, METHOD_KINDS, SESSION_STATUSES, TRANSACTION_TYPES, VERDICT_KINDS } from '@splitpay/domain';
import { epochMsSchema, uuidSchema } from './common.schema';

/** Page size when `limit` is absent (docs/decisions.md D12), and its maximum. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const text = { type: 'string', minLength: 1 } as const;

/** Parameters every search takes. */
const window = {
  from: { ...epochMsSchema, description: 'createdAt, epoch ms, inclusive' },
  to: { ...epochMsSchema, description: 'createdAt, epoch ms, exclusive' },
  limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: `page size, default ${DEFAULT_PAGE_SIZE}` },
  cursor: { type: 'string', minLength: 1, maxLength: 1024, description: "the previous page's nextCursor, verbatim" },
  merchantId: { ...text, description: "narrowing; intersects with the caller's own merchant: another value gives an empty page" },
  orderId: { ...text, description: 'merchant order reference' },
} as const;

/** A door's query string: the parameters it declares, no other. */
export type QuerySchema = {
  readonly type: 'object';
  readonly additionalProperties: false;
  readonly properties: Readonly<Record<string, unknown>>;
};

const query = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, properties }) as const satisfies QuerySchema;

/** The query of a door that declares no parameter. */
export const noQueryParameters = query({});

export const sessionSearchSchema = query({ ...window, status: { type: 'string', enum: SESSION_STATUSES } });

export const attemptSearchSchema = query({
  ...window,
  sessionId: uuidSchema,
  status: { type: 'string', enum: ATTEMPT_STATUSES },
  method: { type: 'string', enum: METHOD_KINDS },
  provider: text,
});

export const transactionSearchSchema = query({
  ...window,
  providerRef: { ...text, description: 'matches the row itself' },
  status: { type: 'string', enum: VERDICT_KINDS, description: 'verdict kind' },
  provider: {
    ...text,
    description: "the PSP that ran the operation, as the item's `provider` names it (adyen, oney, paypal, worldline, fake...): a name no attempt carries gives an empty page",
  },
  type: { type: 'string', enum: TRANSACTION_TYPES, description: 'the operation' },
});

/** Query strings carry text only: turn the integer parameters a schema declares into numbers before validation. */
export function coerceQuery(schema: Pick<QuerySchema, 'properties'>, query: Record<string, unknown>): Record<string, unknown> {
  // Own data properties only (fromEntries), so a parameter named __proto__ stays a parameter the schema refuses.
  return Object.fromEntries(
    Object.entries(query).map(([name, value]) => {
      const declared = Object.hasOwn(schema.properties, name) ? (schema.properties[name] as { type?: string }) : undefined;
      return [name, declared?.type === 'integer' && typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value];
    }),
  );
}
