/**
 * The only way the components build DOM: createElement, properties and textContent. No HTML string is
 * ever parsed and no style attribute is ever set, so the components run under a strict CSP.
 */
export type Child = Node | string | false | null | undefined;

export interface Props {
  readonly _className?: string;
  readonly id?: string;
  readonly text?: string;
  /**
   * Attributes (aria-*, role, type, for, autocomplete...); false or undefined leaves one out. No style
   * and no inline handler (`on…`): the type refuses them, so the check costs the script nothing.
   */
  readonly _attrs?: Readonly<Record<string, string | number | boolean | undefined> & { style?: never } & { [handler: `on${string}`]: never }>;
  readonly on?: Readonly<Record<string, (event: Event) => void>>;
}

export function h<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, props: Props = {}, children: readonly Child[] = []): HTMLElementTagNameMap[K] {
  const el = doc.createElement(tag);
  if (props._className) el.className = props._className;
  if (props.id) el.id = props.id;
  for (const [name, value] of Object.entries(props._attrs ?? {})) {
    if (value === undefined || value === false) continue;
    el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const [type, listener] of Object.entries(props.on ?? {})) el.addEventListener(type, listener);
  if (props.text !== undefined) el.textContent = props.text;
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    el.append(typeof child === 'string' ? doc.createTextNode(child) : child);
  }
  return el;
}
