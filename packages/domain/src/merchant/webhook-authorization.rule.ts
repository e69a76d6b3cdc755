/**
 * Visible ASCII, with spaces and tabs allowed only inside. HTTP clients rewrite anything else on the
 * way out (characters above U+00FF dropped, edge white space and CR/LF trimmed), and the contract's
 * Delivery rule 3 wants the receiver to get the agreed value verbatim, so such a value is refused.
 */
const VERBATIM_HEADER_VALUE = /^[\x21-\x7E](?:[\x21-\x7E \t]*[\x21-\x7E])?$/;

/** Whether a webhook authorization value reaches the receiver exactly as agreed. */
export function isVerbatimHeaderValue(value: string): boolean {
  return VERBATIM_HEADER_VALUE.test(value);
}

/** Why an authorization value cannot travel unchanged, never quoting it (it is a secret); undefined when it can. */
export function webhookAuthorizationProblem(value: string): string | undefined {
  if (isVerbatimHeaderValue(value)) return undefined;
  return 'must be visible ASCII characters, with spaces or tabs only between them (no control characters, no white space at either end, nothing above U+007E): HTTP would not carry it unchanged';
}
