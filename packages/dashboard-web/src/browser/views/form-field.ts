import { h } from './dom';

/** A filter's control with its visible label. */
export function field(label: string, control: HTMLInputElement | HTMLSelectElement): HTMLElement {
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control);
}
