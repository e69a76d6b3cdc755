/**
 * CI sets SPLITPAY_REQUIRE_MONGODB=true after starting FerretDB: from then on a run that would skip the
 * MongoDB suites (no MONGODB_URI, or no server behind it) fails instead of passing quietly.
 */
export const REQUIRE_MONGODB_ENV = 'SPLITPAY_REQUIRE_MONGODB';

export type MongoDbRequirement = { readonly kind: 'met' } | { readonly kind: 'not-required' } | { readonly kind: 'unmet'; readonly why: string };

/** `contractSkipReason`: why the store contract suite would skip on MongoDB, when it would. */
export function checkMongoDbRequirement(env: NodeJS.ProcessEnv, contractSkipReason?: string): MongoDbRequirement {
  if (env[REQUIRE_MONGODB_ENV] !== 'true') return { kind: 'not-required' };
  if (!env.MONGODB_URI) return { kind: 'unmet', why: `${REQUIRE_MONGODB_ENV}=true but MONGODB_URI is not set` };
  if (contractSkipReason !== undefined) return { kind: 'unmet', why: `${REQUIRE_MONGODB_ENV}=true but the MongoDB contract suite would skip: ${contractSkipReason}` };
  return { kind: 'met' };
}
