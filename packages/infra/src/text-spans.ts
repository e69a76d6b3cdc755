/** Where something is written in a text: from its first character to its last (`to` excluded). */
export interface TextSpan {
  readonly from: number;
  readonly to: number;
}

/** `text` with each span, and each stretch of overlapping ones, replaced by one `mark`. */
export function withoutSpans(text: string, spans: readonly TextSpan[], mark: string): string {
  let out = '';
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.from - b.from)) {
    if (span.to <= at) continue;
    if (span.from >= at) out += text.slice(at, span.from) + mark;
    at = span.to;
  }
  return out + text.slice(at);
}
