import { readFile } from 'node:fs/promises';
import Ajv2020, { type ErrorObject } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { providerSettings } from '../wiring/providers/provider-list';
import { checkEntries, type SettingsCatalog } from './merchant-entry.rules';
import { locateJsonSyntaxError } from './json-syntax-error';
import { entryLabel, fieldName, MerchantsFileError } from './merchants-file.error';
import { COUNTRY_PATTERN, MERCHANTS_FILE_SCHEMA, type MerchantEntry, type MerchantsFile } from './merchants-file.schema';

const ajv = new Ajv2020({ strict: true, allErrors: false });
addFormats(ajv, ['uri', 'email']);
const validate = ajv.compile<MerchantsFile>(MERCHANTS_FILE_SCHEMA);

/** Unescapes a JSON Pointer segment. */
const segment = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');

function describe(error: ErrorObject, document: unknown): string {
  const path = error.instancePath.split('/').slice(1).map(segment);
  const params = error.params as Record<string, unknown>;
  let problem = error.message ?? 'is invalid';
  if (error.keyword === 'required' || error.keyword === 'dependentRequired') {
    path.push(String(params.missingProperty));
    problem = error.keyword === 'required' ? 'is required' : `is required with ${String(params.property)}`;
  } else if (error.keyword === 'additionalProperties') {
    path.push(String(params.additionalProperty));
    problem = 'is not a known field';
  } else if (error.keyword === 'enum') {
    problem = `must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
  } else if (error.keyword === 'pattern' && params.pattern === COUNTRY_PATTERN) {
    problem = 'must be an ISO 3166-1 alpha-2 country code (two capital letters, such as FR)';
  }
  if (path[0] === 'merchants' && path[1] !== undefined && /^\d+$/.test(path[1])) {
    const index = Number(path[1]);
    const entry = (document as { merchants: unknown[] }).merchants[index];
    return `${entryLabel(index, entry)}: field ${fieldName(path.slice(2))} ${problem}`;
  }
  return `field ${fieldName(path) || '(root)'} ${problem}`;
}

/** What an account's webhook URL may start with, to name this service's own address (the demo's inbox). */
export const PUBLIC_BASE_URL_PLACEHOLDER = '${PUBLIC_BASE_URL}';
const URL_FIELDS = ['notificationUrl', 'chargebackUrl'] as const;

/**
 * Replaces a leading ${PUBLIC_BASE_URL} in each entry's webhook URLs by the service's public base
 * URL, so a file can point an account's webhooks at the service itself whatever PORT it runs on.
 * Without a base URL the placeholder stays, and the schema refuses it as not a URI.
 */
function expandBaseUrl(document: unknown, publicBaseUrl: string | undefined): void {
  if (publicBaseUrl === undefined) return;
  const merchants = (document as { merchants?: unknown } | null)?.merchants;
  if (!Array.isArray(merchants)) return;
  for (const entry of merchants) {
    if (entry === null || typeof entry !== 'object') continue;
    const fields = entry as Record<string, unknown>;
    for (const field of URL_FIELDS) {
      const value = fields[field];
      if (typeof value === 'string' && value.startsWith(PUBLIC_BASE_URL_PLACEHOLDER)) {
        fields[field] = publicBaseUrl + value.slice(PUBLIC_BASE_URL_PLACEHOLDER.length);
      }
    }
  }
}

/** ` at line 3, column 39`: the place only, since the parser's message quotes the file's text, secrets included (D79). */
function whereJsonBreaks(text: string): string {
  const place = locateJsonSyntaxError(text);
  if (!place) return '';
  return ` at line ${place.line}, column ${place.column}${place.atEnd ? ' (the file ends too early)' : ''}`;
}

/**
 * Reads and validates MERCHANTS_FILE: the JSON schema first, then the rules across fields and entries
 * (contract settings against what the platform's providers declare, `settingsOf`).
 * Throws a MerchantsFileError naming the entry (index and merchantId) and the field.
 */
export async function readMerchantsFile(file: string, settingsOf: SettingsCatalog = providerSettings, publicBaseUrl?: string): Promise<readonly MerchantEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new MerchantsFileError(file, `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new MerchantsFileError(file, `is not valid JSON${whereJsonBreaks(text)}`);
  }
  expandBaseUrl(document, publicBaseUrl);
  if (!validate(document)) {
    const [first] = validate.errors ?? [];
    throw new MerchantsFileError(file, first ? describe(first, document) : 'is invalid');
  }
  const problem = checkEntries(document.merchants, settingsOf);
  if (problem) throw new MerchantsFileError(file, problem);
  return document.merchants;
}
