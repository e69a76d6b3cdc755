import { JSDOM } from 'jsdom';
import { h } from './h';

/**
 * The components never set a style or an inline handler (they run under a strict CSP): `h()` refuses
 * them by its type, checked by the typecheck (`@ts-expect-error` fails it when one is accepted).
 */
describe('h(): no style, no inline handler', () => {
  const doc = new JSDOM('<!doctype html><body></body>').window.document as unknown as Document;

  it('sets ordinary attributes', () => {
    expect(h(doc, 'button', { _attrs: { type: 'button', 'aria-label': 'Pay', disabled: false } }).outerHTML).toBe('<button type="button" aria-label="Pay"></button>');
  });

  it('the type refuses style and on… attributes', () => {
    const refused = () => [
      // @ts-expect-error style is not an attribute the components set
      h(doc, 'div', { _attrs: { style: 'color: red' } }),
      // @ts-expect-error an inline handler is not an attribute the components set
      h(doc, 'div', { _attrs: { onclick: 'pay()' } }),
    ];
    expect(typeof refused).toBe('function');
  });
});
