import { isDay, listAddress, oneOf } from './list-address';

interface Filters {
  readonly text?: string;
  readonly kind?: 'a' | 'b';
  readonly day?: string;
}

const address = listAddress<Filters>('things', [
  { param: 'q', key: 'text', trimmed: true },
  { param: 'kind', key: 'kind', accepts: oneOf(['a', 'b']) },
  { param: 'on', key: 'day', accepts: isDay },
]);

describe("a list's address", () => {
  it('writes its filters in the order of its parameters, free text trimmed, and reads them back, an unknown value dropped', () => {
    expect(address.hash({ day: '2026-01-01', kind: 'b', text: ' x y ' })).toBe('#/things?q=x+y&kind=b&on=2026-01-01');
    expect(address.hash({ text: '  ' })).toBe('#/things');
    expect(address.filters(new URLSearchParams('q=x+y&kind=b&on=2026-01-01'))).toEqual({ text: 'x y', kind: 'b', day: '2026-01-01' });
    expect(address.filters(new URLSearchParams('q=&kind=c&on=3'))).toEqual({});
  });

  it('carries the keyset cursors followed from the first page to the page shown, after the filters (D70)', () => {
    expect(address.hash({ kind: 'a' }, ['c2', 'c3'])).toBe('#/things?kind=a&cursor=c2&cursor=c3');
    expect(address.hash({}, ['c2'])).toBe('#/things?cursor=c2');
    expect(address.hash({ kind: 'a' }, [])).toBe('#/things?kind=a');
    expect(address.cursors(new URLSearchParams('kind=a&cursor=c2&cursor=&cursor=c3'))).toEqual(['c2', 'c3']);
    expect(address.cursors(new URLSearchParams('kind=a'))).toEqual([]);
  });
});
