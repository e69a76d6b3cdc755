import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { isAssignedCountry, isAssignedCurrency } from '@splitpay/domain';

/**
 * The one Ajv instance of the HTTP adapter: JSON Schema 2020-12 (OpenAPI 3.1's dialect), strict,
 * first error only (the message names one field and one rule), `discriminator` for method entries,
 * each `$ref` a function of its own (validate.ts: withNamedRefs).
 */
export const ajv = new Ajv2020({ strict: true, allErrors: false, discriminator: true, coerceTypes: false, useDefaults: false, inlineRefs: false });
addFormats(ajv, ['date', 'uri', 'email', 'date-time']);
addIsoCodeFormats(ajv);

/** The document's own formats: a code of the right shape the standard never assigned (ABC, UK, QQ) is as malformed as one of the wrong shape. */
export function addIsoCodeFormats(instance: Ajv2020): void {
  instance.addFormat('iso-4217', { type: 'string', validate: isAssignedCurrency });
  instance.addFormat('iso-3166-1-alpha-2', { type: 'string', validate: isAssignedCountry });
}
