import { spacedControls } from '@splitpay/domain';

/** Oney's address lines: `line1` to `line5`, 38 characters each (as Oney's own Magento module splits a street). */
const LINE_MAX = 38;
const LINES = 5;

/**
 * A street over Oney's address lines, split between words (a word longer than a line is split
 * inside); what would need a sixth line is left out. White space runs are made one space, and so is
 * a control character of a street stored before creation refused them (docs/decisions.md D67).
 */
export function addressLines(street: string | undefined): Record<string, string> {
  const words = spacedControls(street ?? '').replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words.flatMap((w) => w.match(new RegExp(`.{1,${LINE_MAX}}`, 'gu')) ?? [])) {
    if (current && current.length + 1 + word.length > LINE_MAX) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return Object.fromEntries(lines.slice(0, LINES).map((line, i) => [`line${i + 1}`, line]));
}
