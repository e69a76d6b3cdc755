import type { ErrorCode } from '@splitpay/domain';
import { statusOf } from '../errors/error-envelope';
import type { HttpErrorCode } from '../errors/http-error';
import { errorEnvelopeSchema } from '../schemas/common.schema';
import type { JsonSchema } from '../schemas/json-schema';
import type { ComponentCollector } from './schema-refs';

/** An operation as the document builders describe it, before schemas are turned into refs. */
export interface OperationSpec {
  /** Unique across the document: what client generators name the call. */
  readonly operationId: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  /** Security scheme names (`anonymous`: the door also takes a request without any), or `none` for public doors. */
  readonly security: readonly ('accessToken' | 'elementsToken' | 'clientBasic' | 'metricsToken' | 'anonymous')[] | 'none';
  readonly parameters?: readonly ParameterSpec[];
  readonly requestBody?: { readonly contentType: string; readonly schema: JsonSchema; readonly required?: boolean; readonly examples?: Examples };
  readonly responses: Readonly<Record<string, ResponseSpec>>;
}

export interface ParameterSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

export interface ResponseSpec {
  readonly description: string;
  readonly contentType?: string;
  readonly schema?: JsonSchema;
  readonly headers?: Readonly<Record<string, { readonly description: string; readonly required?: boolean; readonly schema?: JsonSchema }>>;
  readonly examples?: Examples;
}

/** OpenAPI Example Objects of one media type, by name (each value is proven by openapi-examples.test.ts). */
export type Examples = Readonly<Record<string, { readonly summary: string; readonly value: unknown }>>;

export const json = (description: string, schema: JsonSchema, headers?: ResponseSpec['headers']): ResponseSpec => ({
  description,
  contentType: 'application/json',
  schema,
  ...(headers ? { headers } : {}),
});

/**
 * Error answers grouped by status: each status lists the codes it carries (docs/decisions.md D11).
 * Every door may fail unexpectedly: 500 InternalError is always listed (the contract's decisions, HTTP status codes).
 */
export function errors(...codes: readonly ErrorCode[]): Record<string, ResponseSpec> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes.includes('InternalError') ? codes : [...codes, 'InternalError' as const]) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  const out: Record<string, ResponseSpec> = {};
  for (const [status, group] of byStatus) {
    const schema = { ...errorEnvelopeSchema, properties: { ...errorEnvelopeSchema.properties, code: { type: 'string', enum: group } } };
    out[String(status)] = json(
      group.join(', '),
      schema,
      status === 401 ? { 'WWW-Authenticate': { description: 'Bearer', required: true, schema: { type: 'string' } } } : undefined,
    );
  }
  return out;
}

/** The error answers with one status's description replaced (a code the contract declares there but the door never answers, and why). */
export function describeStatus(responses: Record<string, ResponseSpec>, status: string, description: string): Record<string, ResponseSpec> {
  const answer = responses[status];
  if (!answer) throw new Error(`no ${status} answer to describe`);
  return { ...responses, [status]: { ...answer, description } };
}

/** HTTP's own refusals of a door that reads JSON (or no body): 413 over its size limit, 415 another media type. */
export function bodyErrors(): Record<string, ResponseSpec> {
  const envelope = (code: HttpErrorCode) => ({ ...errorEnvelopeSchema, properties: { ...errorEnvelopeSchema.properties, code: { type: 'string', enum: [code] } } });
  return {
    '413': json('PayloadTooLarge: the body is over the door\'s size limit', envelope('PayloadTooLarge')),
    '415': json('UnsupportedMediaType: a body that is not application/json', envelope('UnsupportedMediaType')),
  };
}

/** Query parameters from a query schema's properties. */
export function queryParameters(schema: { readonly properties: Record<string, unknown> }): ParameterSpec[] {
  return Object.entries(schema.properties).map(([name, s]) => ({ name, in: 'query', schema: s as JsonSchema }));
}

export const pathId = (name: string, description: string, schema: JsonSchema): ParameterSpec => ({ name, in: 'path', required: true, description, schema });

/** Renders an operation into the document, schemas turned into component refs. */
export function renderOperation(op: OperationSpec, components: ComponentCollector): Record<string, unknown> {
  const responses = Object.fromEntries(
    Object.entries(op.responses).map(([status, r]) => [
      status,
      {
        description: r.description,
        ...(r.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(r.headers).map(([name, h]) => [name, { description: h.description, required: h.required ?? false, schema: components.ref(h.schema ?? { type: 'string' }) }]),
              ),
            }
          : {}),
        ...(r.contentType ? { content: { [r.contentType]: { ...(r.schema ? { schema: components.ref(r.schema) } : {}), ...(r.examples ? { examples: r.examples } : {}) } } } : {}),
      },
    ]),
  );
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: op.tags,
    security: op.security === 'none' ? [] : op.security.map((name) => (name === 'anonymous' ? {} : { [name]: [] })),
    ...(op.parameters?.length
      ? { parameters: op.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required ?? false, ...(p.description ? { description: p.description } : {}), schema: components.ref(p.schema) })) }
      : {}),
    ...(op.requestBody
      ? {
          requestBody: {
            required: op.requestBody.required ?? true,
            content: { [op.requestBody.contentType]: { schema: components.ref(op.requestBody.schema), ...(op.requestBody.examples ? { examples: op.requestBody.examples } : {}) } },
          },
        }
      : {}),
    responses,
  };
}

/** Paths of one area: path template -> method -> operation. */
export type PathSpecs = Readonly<Record<string, Readonly<Partial<Record<'get' | 'post' | 'put' | 'patch' | 'delete', OperationSpec>>>>>;
