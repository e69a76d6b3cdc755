/**
 * `text` cut to at most `max` UTF-16 code units (the unit of JavaScript's `length`, which a PSP's
 * character limit never exceeds), never between the two halves of a surrogate pair: a character
 * outside the Basic Multilingual Plane (an emoji, some CJK) at the cut is left out whole rather than
 * sent as a lone surrogate, which is no Unicode text and which a PSP's JSON reader may refuse with
 * the whole request (docs/decisions.md D54).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max));
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
