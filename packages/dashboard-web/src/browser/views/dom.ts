/** A child of an element: text is always a text node, never parsed as HTML. */
export type Child = Node | string | number | false | null | undefined;

export interface Props {
  /** Attributes; `true` sets an empty attribute, `false`/undefined leaves it out. */
  readonly [name: string]: string | number | boolean | undefined | ((event: Event) => void);
}

/**
 * Builds an element from attributes, `on<event>` listeners and children. Text goes in through text
 * nodes only, so nothing a payment carries can become markup (the CSP also forbids HTML sinks).
 */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: readonly Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2).toLowerCase(), value);
    else if (value === true) element.setAttribute(name, '');
    else if (value !== false && value !== undefined) element.setAttribute(name, String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** Replaces every child of `parent`. */
export function replaceChildren(parent: Element, ...children: readonly Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

let counter = 0;
/** An id unique in the page, for label/field and aria-describedby pairs. */
export function uniqueId(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}`;
}

/** A definition list of label/value pairs; empty values are left out. */
export function facts(pairs: readonly (readonly [string, Child])[]): HTMLDListElement {
  const list = h('dl', { class: 'facts' });
  for (const [label, value] of pairs) {
    if (value === undefined || value === null || value === false || value === '') continue;
    append(list, [h('dt', {}, label), h('dd', {}, value)]);
  }
  return list;
}
