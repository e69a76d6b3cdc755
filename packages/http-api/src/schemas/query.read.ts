import type { Request } from 'express';
import { coerceQuery, noQueryParameters, type QuerySchema } from './search-query.schema';
import { validator } from './validate';

/**
 * The reader of a door's query string (docs/decisions.md D8): a parameter the door does not declare,
 * or a declared one given twice (an array, never the declared type), is InvalidRequest naming it.
 */
export function queryReader<T>(schema: QuerySchema): (req: Request) => T {
  const validate = validator<T>(schema, 'query');
  return (req) => validate(coerceQuery(schema, req.query as Record<string, unknown>));
}

/** The query of a door that declares no parameter (the /api reads): empty, or InvalidRequest. */
export const readNoQuery: (req: Request) => void = queryReader<Record<string, never>>(noQueryParameters);
