/** A node the next render must not detach, and the placeholder that marks its place in the new tree. */
export interface KeptNode {
  readonly _node: HTMLElement;
  readonly _placeholder: Node;
}

/**
 * Puts `next`'s children into `body` without ever taking `kept._node` out of the document: a browser
 * reloads an iframe that is detached and attached again, so an acquirer's card fields would lose what
 * the payer typed. When the node already sits under `body` on a path of the same tags as the
 * placeholder's in `next`, the elements of that path stay where they are, take the new ones'
 * attributes (the render sets no listener on them) and get the new siblings around the path;
 * otherwise (a first show) the node takes the placeholder's place.
 */
export function replaceChildrenKeeping(body: HTMLElement, next: HTMLElement, kept: KeptNode | undefined): void {
  const newPath = kept ? pathUp(kept._placeholder, next) : undefined;
  const oldPath = kept && newPath ? pathUp(kept._node, body) : undefined;
  if (!kept || !newPath || !oldPath || !samePath(oldPath, newPath)) {
    if (kept && newPath) kept._placeholder.parentNode?.replaceChild(kept._node, kept._placeholder);
    body.replaceChildren(...Array.from(next.childNodes));
    return;
  }
  let oldParent: HTMLElement = body;
  let newParent: HTMLElement = next;
  for (let i = oldPath.length - 1; i >= 0; i -= 1) {
    const oldChild = oldPath[i] as Node;
    const newChild = newPath[i] as Node;
    if (oldParent !== body) copyAttributes(newParent, oldParent);
    replaceAround(oldParent, oldChild, newParent, newChild);
    oldParent = oldChild as HTMLElement;
    newParent = newChild as HTMLElement;
  }
}

/** `node` and its ancestors below `top`, nearest first; undefined when `node` is not under `top`. */
function pathUp(node: Node, top: Node): Node[] | undefined {
  const path: Node[] = [];
  for (let at: Node | null = node; at !== null; at = at.parentNode) {
    if (at === top) return path;
    path.push(at);
  }
  return undefined;
}

/** Same depth and the same tags above the kept node (the node and its placeholder differ, by design). */
function samePath(oldPath: readonly Node[], newPath: readonly Node[]): boolean {
  return oldPath.length === newPath.length && oldPath.every((node, i) => i === 0 || node.nodeName === newPath[i]?.nodeName);
}

/** Replaces every child of `oldParent` but `oldChild` by `newParent`'s, `oldChild` standing for `newChild`; `oldChild` never moves. */
function replaceAround(oldParent: Node, oldChild: Node, newParent: Node, newChild: Node): void {
  const incoming = Array.from(newParent.childNodes);
  const at = incoming.indexOf(newChild as ChildNode);
  for (const child of Array.from(oldParent.childNodes)) if (child !== oldChild) oldParent.removeChild(child);
  for (const child of incoming.slice(0, at)) oldParent.insertBefore(child, oldChild);
  let after: Node = oldChild;
  for (const child of incoming.slice(at + 1)) {
    oldParent.insertBefore(child, after.nextSibling);
    after = child;
  }
}

function copyAttributes(from: Element, to: Element): void {
  for (const name of to.getAttributeNames()) if (!from.hasAttribute(name)) to.removeAttribute(name);
  for (const name of from.getAttributeNames()) {
    const value = from.getAttribute(name) as string;
    if (to.getAttribute(name) !== value) to.setAttribute(name, value);
  }
}
