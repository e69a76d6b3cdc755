import type { ListAddress } from '../lists/list-address';
import { h, uniqueId } from './dom';
import { field } from './form-field';
import type { ViewContext } from './view-context';

/** One filter of a list's form: its visible label and its control, named as the address names it. */
export interface FilterField {
  readonly label: string;
  readonly control: HTMLInputElement | HTMLSelectElement;
}

/** A free-text search box holding `value`. */
export function searchBox(name: string, idPrefix: string, value: string | undefined): HTMLInputElement {
  return h('input', { id: uniqueId(idPrefix), name, type: 'search', value: value ?? '', autocomplete: 'off' });
}

/** A choice among `options`, the first meaning any (empty), `chosen` selected. */
export function choice(name: string, any: string, options: readonly { readonly value: string; readonly label: string }[], chosen: string | undefined): HTMLSelectElement {
  const select = h('select', { id: uniqueId(name), name }, h('option', { value: '' }, any));
  for (const o of options) select.append(h('option', { value: o.value, selected: chosen === o.value }, o.label));
  return select;
}

/** A calendar day (YYYY-MM-DD). */
export function dayInput(name: string, value: string | undefined): HTMLInputElement {
  return h('input', { id: uniqueId(name), name, type: 'date', value: value ?? '' });
}

/**
 * A list's filters, in the order given: Search writes what they hold into the list's address (read
 * back by the same codec, so an unknown value is dropped as from a bookmark); Clear opens the list
 * unfiltered.
 */
export function filterForm<F>(ctx: ViewContext, address: ListAddress<F>, fields: readonly FilterField[]): HTMLFormElement {
  const { t } = ctx.tr;
  return h(
    'form',
    {
      class: 'filters',
      role: 'search',
      'aria-label': t.filters,
      onsubmit: (event: Event) => {
        event.preventDefault();
        const query = new URLSearchParams();
        for (const { control } of fields) if (control.value) query.set(control.name, control.value);
        ctx.navigate(address.hash(address.filters(query)));
      },
    },
    ...fields.map(({ label, control }) => field(label, control)),
    h('div', { class: 'actions' }, h('button', { type: 'submit' }, t.search), h('a', { href: `#/${address.view}`, class: 'button secondary' }, t.clearFilters)),
  );
}
