import type { Request } from 'express';

const BEARER = /^Bearer[ ]+(\S+)$/i;

/** The elements token of `Authorization: Bearer pst_...`, or undefined (the use case answers InvalidElementsToken). */
export function elementsTokenOf(req: Request): string | undefined {
  return BEARER.exec(req.headers.authorization ?? '')?.[1];
}
