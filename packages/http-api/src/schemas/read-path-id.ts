import type { Request } from 'express';
import { idPathSchema } from './path-params.schema';
import { validator, type Validator } from './validate';

const validators = new Map<string, Validator<Record<string, string>>>();

/** The lowercase-UUID id a path names, or InvalidRequest naming the parameter. */
export function readPathId<T extends string>(req: Request, name: string): T {
  let validate = validators.get(name);
  if (!validate) {
    validate = validator<Record<string, string>>(idPathSchema(name), 'path');
    validators.set(name, validate);
  }
  return validate({ [name]: req.params[name] })[name] as T;
}
