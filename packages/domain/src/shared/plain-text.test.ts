import { PLAIN_TEXT_PATTERN, spacedControls } from './plain-text';

describe('plain text (docs/decisions.md D67)', () => {
  it('takes accents, emoji, CJK, right-to-left text and the no-break space', () => {
    for (const text of ['', 'Vélo', 'Gift 🎁', '北京', 'שלום مرحبا', 'A\u00A0B', 'noncharacter \uFFFE kept']) expect(PLAIN_TEXT_PATTERN.test(text)).toBe(true);
  });

  it('refuses C0, DEL, C1, the line and paragraph separators and a lone surrogate', () => {
    for (const text of ['a\u0000', 'a\tb', 'a\nb', 'a\rb', '\u001F', '\u007F', '\u0080', '\u0085', '\u009F', '\u2028', '\u2029', 'x\uD83D', '\uDE00x', '\uDE00\uD83D']) {
      expect(PLAIN_TEXT_PATTERN.test(text)).toBe(false);
    }
  });

  it('reads the same without Unicode mode, as a client validator may compile the pattern', () => {
    const plain = new RegExp(PLAIN_TEXT_PATTERN.source);
    expect(['Gift 🎁', '北京', 'é'].map((t) => plain.test(t))).toEqual([true, true, true]);
    expect(['x\uD83D', '\uDE00', 'a\u0000', 'a\u0085'].map((t) => plain.test(t))).toEqual([false, false, false, false]);
  });

  it('makes each refused character a space, a pair left whole', () => {
    expect(spacedControls('a\u0000b\ncd\u0085🎁\uD83D')).toBe('a b cd 🎁 ');
  });
});
