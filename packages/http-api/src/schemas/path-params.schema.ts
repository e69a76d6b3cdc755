import { uuidSchema } from './common.schema';

/** A path holding one resource id (lowercase UUID); a malformed one is InvalidRequest. */
export const idPathSchema = (name: string) =>
  ({ type: 'object', additionalProperties: false, required: [name], properties: { [name]: uuidSchema } }) as const;
