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
      // `properties` maps names to schemas; `enum`/`const`/`required`/`examples` hold data, not schemas.
      if (key === 'enum' || key === 'const' || key === 'required' || key === 'examples') out[key] = child;
      else if (key === 'properties' && isObject(child)) {
        out[key] = Object.fromEntries(Object.entries(child).map(([prop, schema]) => [prop, this.walk(schema, true)]));
      } else out[key] = this.walk(child, true);
    }
    return out;
  }
}

/** Replaces every local `$ref` of a document value by the schema it names (the document has no cycles). */
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
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'enum' || k === 'const' ? v : dereference(v, root, depth)]));
}
