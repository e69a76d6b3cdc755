import { cutText } from './cut-text';

describe('cutText', () => {
  it('keeps a text within the bound as it is, and cuts a longer one to the bound', () => {
    expect(cutText('Vélo', 4)).toBe('Vélo');
    expect(cutText('Vélo de ville', 4)).toBe('Vélo');
  });

  it('never leaves half of a surrogate pair at the cut: the whole character goes', () => {
    expect(cutText('ab\u{1F381}c', 3)).toBe('ab');
    expect(cutText('ab\u{1F381}c', 4)).toBe('ab\u{1F381}');
    expect(cutText('\u{1F381}', 1)).toBe('');
  });
});
