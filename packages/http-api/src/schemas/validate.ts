import type { ValidateFunction } from 'ajv';
import { DomainError } from '@splitpay/domain';
import { ajv } from './ajv';
import { describeError, type Location } from './error-message';
import type { JsonSchema } from './json-schema';

/** Checks a value against a schema and hands it back typed, or throws InvalidRequest naming the field and the rule. */
export type Validator<T> = (value: unknown) => T;

export function validator<T>(schema: JsonSchema, location: Location): Validator<T> {
  const validate: ValidateFunction = ajv.compile(schema);
  return (value) => {
    if (validate(value)) return value as T;
    const [first] = validate.errors ?? [];
    throw new DomainError('InvalidRequest', first ? describeError(first, location) : `${location} is invalid`);
  };
}
