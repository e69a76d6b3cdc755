import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { addIsoCodeFormats } from '../schemas/ajv';
import type { OpenApiDocument } from './openapi-document';
import { dereference } from './schema-refs';

/** A response as a test saw it (supertest's Response fits). */
export interface ObservedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body?: unknown;
  readonly text?: string;
}

type Operation = { readonly responses?: Record<string, ResponseObject> };
type ResponseObject = {
  readonly headers?: Record<string, { readonly required?: boolean }>;
  readonly content?: Record<string, { readonly schema?: unknown }>;
};

// Responses are checked loosely about unknown keywords (the document carries annotations), strictly about data.
const ajv = new Ajv2020({ strict: false, allErrors: true, discriminator: true });
addFormats(ajv);
// So a response's codes are checked as requests' are.
addIsoCodeFormats(ajv);
const compiled = new WeakMap<OpenApiDocument, Map<string, ValidateFunction>>();

const segments = (path: string): string[] => path.split('/').filter((s) => s !== '');

/** The document path template a concrete URL falls under (literal segments preferred over parameters). */
export function matchPathTemplate(doc: OpenApiDocument, url: string): string | undefined {
  const actual = segments(url.split('?')[0] ?? '');
  let best: { template: string; params: number } | undefined;
  for (const template of Object.keys(doc.paths)) {
    const expected = segments(template);
    if (expected.length !== actual.length) continue;
    let params = 0;
    const fits = expected.every((seg, i) => {
      if (/^\{[^}]+\}$/.test(seg)) {
        params++;
        return true;
      }
      return seg === actual[i];
    });
    if (fits && (!best || params < best.params)) best = { template, params };
  }
  return best?.template;
}

function mediaMatches(documented: string, actual: string): boolean {
  if (documented === '*/*' || documented === actual) return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

function validatorFor(doc: OpenApiDocument, key: string, schema: unknown): ValidateFunction {
  let cache = compiled.get(doc);
  if (!cache) compiled.set(doc, (cache = new Map()));
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(dereference(schema, doc) as object);
    cache.set(key, validate);
  }
  return validate;
}

/**
 * What is wrong with a response against the document: undocumented path, method or status, a
 * missing required header, an undocumented content type, or a body outside its schema. Empty when
 * the response matches.
 */
export function responseProblems(doc: OpenApiDocument, method: string, url: string, res: ObservedResponse): string[] {
  const where = `${method.toUpperCase()} ${url} -> ${res.status}`;
  const template = matchPathTemplate(doc, url);
  if (!template) return [`${where}: path not in the document`];
  const operation = doc.paths[template]?.[method.toLowerCase()] as Operation | undefined;
  if (!operation) return [`${where}: ${method.toUpperCase()} ${template} not in the document`];
  const response = operation.responses?.[String(res.status)] ?? operation.responses?.default;
  if (!response) return [`${where}: status not documented for ${template}`];
  const problems: string[] = [];
  for (const [name, header] of Object.entries(response.headers ?? {})) {
    if (header.required && res.headers[name.toLowerCase()] === undefined) problems.push(`${where}: required header ${name} missing`);
  }
  const contentType = String(res.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  const hasBody = (res.text ?? '') !== '';
  if (!response.content) {
    if (hasBody && (res.status < 300 || res.status >= 400)) problems.push(`${where}: body sent where the document declares none`);
    return problems;
  }
  if (!hasBody && contentType === '') return [...problems, `${where}: no body where the document declares one`];
  const media = Object.keys(response.content).find((m) => mediaMatches(m, contentType));
  if (!media) return [...problems, `${where}: content type ${contentType} not documented (${Object.keys(response.content).join(', ')})`];
  const schema = response.content[media]?.schema;
  if (schema !== undefined && contentType === 'application/json') {
    const validate = validatorFor(doc, `${template} ${method} ${res.status} ${media}`, schema);
    if (!validate(res.body)) {
      for (const e of validate.errors ?? []) problems.push(`${where}: body${e.instancePath} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params)}`);
    }
  }
  return problems;
}

/**
 * Test helper: throws (failing the test) when a response does not match the document.
 * `expectResponseMatchesOpenApi(doc, 'get', '/api/sessions/' + id, res)`.
 */
export function expectResponseMatchesOpenApi(doc: OpenApiDocument, method: string, url: string, res: ObservedResponse): void {
  const problems = responseProblems(doc, method, url, res);
  if (problems.length > 0) throw new Error(`Response does not match the OpenAPI document:\n${problems.join('\n')}`);
}
