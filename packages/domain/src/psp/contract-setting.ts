import type { MethodKind } from '../method/method';

/**
 * One setting a provider reads from a contract's `settings` (a merchant account at the PSP, an API
 * key...). Providers declare theirs so the merchants file is checked field by field at start and the
 * secret ones are sealed at rest (DATA_ENCRYPTION_KEY) instead of stored in clear.
 */
export interface ContractSettingSpec {
  readonly name: string;
  /** What the merchants file must give: `string` values may be restricted by `pattern` or `oneOf`. */
  readonly type: 'string' | 'boolean' | 'integer';
  /** The contract cannot be used without it. */
  readonly required: boolean;
  /** Required only when another setting has this value (e.g. the live URL prefix when environment is live). */
  readonly requiredWhen?: { readonly setting: string; readonly equals: string };
  /** Required once this other setting is given: the two halves of a pair (a key id and its secret). */
  readonly requiredWith?: string;
  /** Sealed at rest, and never in a log line, an error message, the view or a stored document in clear. */
  readonly secret: boolean;
  /** Only contracts of these methods read it; absent: every method of the provider. */
  readonly methods?: readonly MethodKind[];
  /** A regular expression the whole value must match (a `string` setting). */
  readonly pattern?: string;
  /** The values allowed (a `string` setting). */
  readonly oneOf?: readonly string[];
  /**
   * The setting names the contract's country in the provider's own codes (Oney's partner `countryCode`):
   * a financing contract's `nation` must then be the same country, or loans of that nation would be
   * priced and filed under another country's contract (D44). `codes` maps a provider code to its
   * ISO 3166-1 alpha-2 country (Oney's `SP` is `ES`); a code not listed is its own ISO code.
   */
  readonly nation?: { readonly codes?: Readonly<Record<string, string>> };
  /** What it is, for the guide and the error messages; never its value. */
  readonly description: string;
}

/**
 * The first problem of a contract's settings against its provider's declaration, named by the
 * setting (`apiKey: is required by provider "adyen"`), or undefined. A message never quotes a value,
 * except a setting that names the contract's country against its `nation` (both are public codes).
 */
export function contractSettingsProblem(
  provider: string,
  method: MethodKind,
  specs: readonly ContractSettingSpec[],
  settings: Readonly<Record<string, unknown>> | undefined,
  contract?: { readonly id: string; readonly nation?: string | undefined },
): string | undefined {
  const given = settings ?? {};
  const applicable = specs.filter((s) => !s.methods || s.methods.includes(method));
  for (const name of Object.keys(given)) {
    if (!applicable.some((s) => s.name === name)) return `${name}: is not a setting of provider "${provider}" for ${method}`;
  }
  for (const spec of applicable) {
    const value = given[spec.name];
    if (value === undefined) {
      const when = spec.requiredWhen;
      if (spec.required) return `${spec.name}: is required by provider "${provider}" (${spec.description})`;
      if (when && given[when.setting] === when.equals) return `${spec.name}: is required by provider "${provider}" when ${when.setting} is ${when.equals} (${spec.description})`;
      if (spec.requiredWith !== undefined && given[spec.requiredWith] !== undefined) return `${spec.name}: is required by provider "${provider}" when ${spec.requiredWith} is given (${spec.description})`;
      continue;
    }
    const problem = valueProblem(spec, value) ?? nationProblem(provider, spec, value, contract);
    if (problem) return `${spec.name}: ${problem}`;
  }
  return undefined;
}

/** A setting naming the contract's country that disagrees with its `nation` (a contract without one is not compared). */
function nationProblem(provider: string, spec: ContractSettingSpec, value: unknown, contract: { readonly id: string; readonly nation?: string } | undefined): string | undefined {
  const nation = contract?.nation;
  if (!spec.nation || spec.secret || nation === undefined || typeof value !== 'string') return undefined;
  const codes = spec.nation.codes ?? {};
  const country = Object.prototype.hasOwnProperty.call(codes, value) ? codes[value] : value;
  if (country === nation) return undefined;
  const shown = country === value ? `"${value}"` : `"${value}" (${country})`;
  return `${shown} is not the nation "${nation}" of contract "${contract?.id}": provider "${provider}" would price and file its loans under another country's contract`;
}

function valueProblem(spec: ContractSettingSpec, value: unknown): string | undefined {
  switch (spec.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be a boolean';
    case 'integer':
      return Number.isInteger(value) ? undefined : 'must be an integer';
    case 'string':
      if (typeof value !== 'string' || value.length === 0) return 'must be a non-empty string';
      if (spec.oneOf && !spec.oneOf.includes(value)) return `must be one of ${spec.oneOf.join(', ')}`;
      if (spec.pattern && !new RegExp(`^(?:${spec.pattern})$`).test(value)) return `does not have the expected form (${spec.description})`;
      return undefined;
  }
}

/** The names of the secret settings of a provider for a method. */
export function secretSettingNames(specs: readonly ContractSettingSpec[], method: MethodKind): ReadonlySet<string> {
  return new Set(specs.filter((s) => s.secret && (!s.methods || s.methods.includes(method))).map((s) => s.name));
}
