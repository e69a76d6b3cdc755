import { schemaNames, type JsonSchema } from '../schemas/json-schema';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Collects named schemas while turning validator schemas into document schemas: every occurrence of a
 * named schema object (by identity) becomes a `$ref` to `#/components/schemas/<name>`, and the named
 * schema itself is added to `components` once.
 */
export class ComponentCollector {
  readonly components: Record<string, unknown> = {};

  ref(schema: JsonSchema): unknown {
    return this.walk(schema, true);
  }

  /**
   * OpenAPI's discriminator picks a branch through `mapping` (value -> $ref); the validators' schemas
   * carry none (Ajv refuses it), so it is derived here from each named branch's `const`.
   */
  private withMapping(discriminator: Record<string, unknown>, oneOf: unknown): Record<string, unknown> {
    const property = discriminator.propertyName;
    if (typeof property !== 'string' || !Array.isArray(oneOf)) return discriminator;
    const mapping: Record<string, string> = {};
    for (const branch of oneOf) {
      const name = isObject(branch) ? schemaNames.get(branch) : undefined;
      if (name === undefined) continue;
      const values = discriminatorValue(branch, property) !== undefined ? [discriminatorValue(branch, property) as string] : enumValues(branch, property);
      for (const v of values) mapping[v] = `#/components/schemas/${name}`;
    }
    return Object.keys(mapping).length > 0 ? { ...discriminator, mapping } : discriminator;
  }

  private walk(value: unknown, allowRef: boolean): unknown {
    if (Array.isArray(value)) return value.map((item) => this.walk(item, true));
    if (!isObject(value)) return value;
    const name = schemaNames.get(value);
    if (name !== undefined && allowRef) {
      if (!(name in this.components)) {
        this.components[name] = {};
        this.components[name] = this.walk(value, false);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      if (key === 'discriminator' && isObject(child)) {
        out[key] = this.withMapping(child, value.oneOf);
        continue;
      }
      // `properties` maps names to schemas; `enum`/`const`/`required`/`examples` hold data, not schemas.
      if (key === 'enum' || key === 'const' || key === 'required' || key === 'examples') out[key] = child;
      else if (key === 'properties' && isObject(child)) {
        out[key] = Object.fromEntries(Object.entries(child).map(([prop, schema]) => [prop, this.walk(schema, true)]));
      } else out[key] = this.walk(child, true);
    }
    return out;
  }
}

/** The `const` (or single `enum` value) a discriminated branch gives its discriminating property. */
function discriminatorValue(branch: unknown, property: string): string | undefined {
  const schema = isObject(branch) && isObject(branch.properties) ? branch.properties[property] : undefined;
  if (!isObject(schema)) return undefined;
  if (typeof schema.const === 'string') return schema.const;
  return Array.isArray(schema.enum) && schema.enum.length === 1 && typeof schema.enum[0] === 'string' ? schema.enum[0] : undefined;
}

/** Every value of a branch's `enum` on the discriminating property (one branch may serve several methods). */
function enumValues(branch: unknown, property: string): string[] {
  const schema = isObject(branch) && isObject(branch.properties) ? branch.properties[property] : undefined;
  return isObject(schema) && Array.isArray(schema.enum) ? schema.enum.filter((v): v is string => typeof v === 'string') : [];
}

/** Replaces every local `$ref` of a document value by the schema it names (the document has no cycles); discriminator mappings are dropped. */
export function dereference(value: unknown, root: unknown, depth = 0): unknown {
  if (depth > 64) throw new Error('OpenAPI document: $ref nesting too deep (a cycle?)');
  if (Array.isArray(value)) return value.map((item) => dereference(item, root, depth));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), root);
    if (target === undefined) throw new Error(`OpenAPI document: unresolved $ref ${ref}`);
    return dereference(target, root, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      if (k === 'enum' || k === 'const') return [k, v];
      // A discriminator's mapping names $refs; once every branch is inlined it names nothing (and Ajv refuses it).
      if (k === 'discriminator' && isObject(v)) return [k, Object.fromEntries(Object.entries(v).filter(([key]) => key !== 'mapping'))];
      return [k, dereference(v, root, depth)];
    }),
  );
}
