/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as a plain object. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * Names the schemas the OpenAPI document lists under components.schemas. The document builder
 * replaces every occurrence of one of these objects (by identity) with a `$ref` to its name, so the
 * validators and the document share the very same objects.
 */
export const schemaNames = new Map<JsonSchema, string>();

export function named<T extends JsonSchema>(name: string, schema: T): T {
  schemaNames.set(schema, name);
  return schema;
}
