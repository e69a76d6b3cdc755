import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * The one Ajv instance of the HTTP adapter: JSON Schema 2020-12 (OpenAPI 3.1's dialect), strict,
 * first error only (the message names one field and one rule), `discriminator` for method entries.
 */
export const ajv = new Ajv2020({ strict: true, allErrors: false, discriminator: true, coerceTypes: false, useDefaults: false });
addFormats(ajv, ['date', 'uri', 'email', 'date-time']);
