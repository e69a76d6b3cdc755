import { PLAIN_TEXT_PATTERN } from '@splitpay/domain';

/** What every such field's description says of the rule, short; the message says it in full. */
const RULE = 'no control character, line break or lone surrogate';

/**
 * A string of free text that reaches a PSP, a page or an export (docs/decisions.md D67): its
 * `pattern` refuses control characters, line breaks and lone surrogates, and InvalidRequest names the
 * field as for any other pattern.
 */
export function plainText(options: { readonly minLength?: number; readonly maxLength?: number; readonly description?: string } = {}) {
  return {
    type: 'string',
    ...(options.minLength !== undefined ? { minLength: options.minLength } : {}),
    ...(options.maxLength !== undefined ? { maxLength: options.maxLength } : {}),
    pattern: PLAIN_TEXT_PATTERN.source,
    description: options.description ? `${options.description}; ${RULE}` : RULE,
  } as const;
}
