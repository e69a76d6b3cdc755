import { merchantPage } from '../testing/dom.fixture';
import { h } from '../dom/h';
import { replaceChildrenKeeping } from './keep-in-place';

/** A body as a render makes it: a heading, then a form whose group holds the kept node's place. */
function rendered(doc: Document, place: Node, version: string): HTMLElement {
  return h(doc, 'div', {}, [
    h(doc, 'h2', { text: `summary ${version}` }),
    h(doc, 'section', { _className: 'form', _attrs: { 'data-version': version } }, [
      h(doc, 'p', { text: `before ${version}` }),
      h(doc, 'fieldset', { _className: `group group--${version}` }, [h(doc, 'legend', { text: `legend ${version}` }), place, h(doc, 'p', { text: `after ${version}` })]),
      h(doc, 'button', { text: `Pay ${version}` }),
    ]),
  ]);
}

describe('replaceChildrenKeeping', () => {
  it('never detaches the kept node: the elements above it stay, take the new attributes, and get the new siblings around it', () => {
    const { doc, container } = merchantPage();
    const body = h(doc, 'div');
    container.append(body);
    const kept = h(doc, 'div', { _className: 'kept' });
    const first = doc.createComment('kept');
    replaceChildrenKeeping(body, rendered(doc, first, '1'), { _node: kept, _placeholder: first });
    expect(body.querySelector('.group')?.contains(kept)).toBe(true);
    const section = body.querySelector('section');
    const group = body.querySelector('fieldset');

    const removed: Node[] = [];
    const observer = new (doc.defaultView as Window & typeof globalThis).MutationObserver((records) => records.forEach((r) => removed.push(...Array.from(r.removedNodes))));
    observer.observe(body, { childList: true, subtree: true });
    const second = doc.createComment('kept');
    replaceChildrenKeeping(body, rendered(doc, second, '2'), { _node: kept, _placeholder: second });
    observer.takeRecords().forEach((r) => removed.push(...Array.from(r.removedNodes)));
    observer.disconnect();

    expect(removed.filter((n) => n === kept || n === section || n === group)).toEqual([]);
    expect(body.querySelector('section')).toBe(section);
    expect(body.querySelector('fieldset')).toBe(group);
    expect(section?.getAttribute('data-version')).toBe('2');
    expect(group?.className).toBe('group group--2');
    expect(Array.from(body.querySelectorAll('h2, p, legend, button, .kept')).map((n) => n.textContent || n.className)).toEqual(['summary 2', 'before 2', 'legend 2', 'kept', 'after 2', 'Pay 2']);
    expect(body.contains(second)).toBe(false);
  });

  it('without a kept node, or when the new tree has no place for it, replaces everything', () => {
    const { doc } = merchantPage();
    const body = h(doc, 'div', {}, [h(doc, 'p', { text: 'old' })]);
    replaceChildrenKeeping(body, h(doc, 'div', {}, [h(doc, 'p', { text: 'new' })]), undefined);
    expect(body.textContent).toBe('new');
    const kept = h(doc, 'div', { _className: 'kept' });
    const place = doc.createComment('kept');
    replaceChildrenKeeping(body, rendered(doc, place, '1'), { _node: kept, _placeholder: place });
    replaceChildrenKeeping(body, h(doc, 'div', {}, [h(doc, 'p', { text: 'ended' })]), { _node: kept, _placeholder: doc.createComment('kept') });
    expect(body.textContent).toBe('ended');
    expect(body.contains(kept)).toBe(false);
  });
});
