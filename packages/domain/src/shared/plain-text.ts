/**
 * Free text a merchant or a payer gives that reaches a PSP, a page or an export (docs/decisions.md
 * D67): no C0 control (U+0000 to U+001F, tab and line feed included), no DEL nor C1 control (U+007F
 * to U+009F), no line or paragraph separator (U+2028, U+2029) and no lone surrogate. Accents, emoji,
 * CJK and right-to-left text pass.
 *
 * The second alternative matches a surrogate pair for an engine that reads the pattern without
 * Unicode mode (a client's validator, say), where the first one refuses each half of an emoji; in
 * Unicode mode a pair is one code point and the first alternative takes it.
 */
export const PLAIN_TEXT_PATTERN = /^(?:[^\u0000-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/u;

/** The rule in words, for messages and the API's description of the fields. */
export const PLAIN_TEXT_RULE = 'must not contain a control character, a line break or a lone surrogate (U+0000 to U+001F, U+007F to U+009F, U+2028, U+2029, U+D800 to U+DFFF unpaired)';

const UNPLAIN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\uD800-\uDFFF]/gu;

/**
 * `text` with each character the rule refuses made a space: what a PSP driver sends of text stored
 * before the rule, or of text it builds itself from several fields.
 */
export function spacedControls(text: string): string {
  return text.replace(UNPLAIN, ' ');
}
