import { spacedControls } from '@splitpay/domain';

/**
 * An item's label as Oney gets it: surrounding white space trimmed and inner runs (tabs, new lines,
 * and any other control character or lone surrogate of a label stored before creation refused them,
 * docs/decisions.md D67) made one space. No maximum length is documented for it (Oney's purchase fields as we know them, and
 * Oney's Magento module and Payline's Oney plugin, which send it uncut), so nothing is cut. Blank is no
 * label.
 */
export function itemLabel(label: string | undefined): string | undefined {
  const clean = spacedControls(label ?? '').replace(/\s+/g, ' ').trim();
  return clean.length > 0 ? clean : undefined;
}
