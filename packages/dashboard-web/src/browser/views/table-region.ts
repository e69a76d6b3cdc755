import { h, uniqueId } from './dom';
import { FOCUS_KEY } from './focus-place';

/**
 * A table in its own scrolling box, so a phone's page keeps the screen's width (WCAG 1.4.10 reflow)
 * and only the table scrolls sideways. The box is a region named by the table's caption, in the tab
 * order: a keyboard reaches it and scrolls it with the arrow keys. A caption given a stable id names
 * the box across redraws (focus-place.ts).
 */
export function tableRegion(table: HTMLTableElement): HTMLElement {
  const caption = table.caption;
  if (caption && !caption.id) caption.id = uniqueId('table-caption');
  return h('div', { class: 'table-region', role: 'region', tabindex: '0', 'aria-labelledby': caption?.id, [FOCUS_KEY]: caption ? `region-${caption.id}` : undefined }, table);
}
