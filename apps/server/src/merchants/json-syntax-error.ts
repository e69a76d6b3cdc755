/** Where a text stops being JSON: a 1-based line and column, and whether the text ended there. */
export interface JsonSyntaxPlace {
  readonly line: number;
  readonly column: number;
  readonly atEnd: boolean;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

class Stop {
  constructor(readonly offset: number) {}
}

/**
 * Finds the first offset where `text` breaks RFC 8259, by reading it again, because the parser's own
 * message quotes the text around the fault, and a merchants file holds secrets there (docs/decisions.md
 * D79). Answers undefined when the text is JSON.
 */
export function locateJsonSyntaxError(text: string): JsonSyntaxPlace | undefined {
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const skipSpace = (): void => {
    while (i < text.length && WHITESPACE.has(text[i] as string)) i += 1;
  };
  const literal = (word: string): void => {
    for (const char of word) {
      if (text[i] !== char) fail();
      i += 1;
    }
  };
  const string = (): void => {
    i += 1;
    for (;;) {
      const char = text[i];
      if (char === undefined || char < ' ') fail();
      if (char === '"') break;
      if (char === '\\') {
        ESCAPE.lastIndex = i;
        if (!ESCAPE.test(text)) fail();
        i = ESCAPE.lastIndex;
      } else i += 1;
    }
    i += 1;
  };
  const sequence = (close: string, item: () => void): void => {
    i += 1;
    skipSpace();
    if (text[i] === close) {
      i += 1;
      return;
    }
    for (;;) {
      item();
      skipSpace();
      if (text[i] === close) break;
      if (text[i] !== ',') fail();
      i += 1;
      skipSpace();
    }
    i += 1;
  };
  const member = (): void => {
    if (text[i] !== '"') fail();
    string();
    skipSpace();
    if (text[i] !== ':') fail();
    i += 1;
    skipSpace();
    value();
  };
  const value = (): void => {
    const char = text[i];
    if (char === '{') sequence('}', member);
    else if (char === '[') sequence(']', value);
    else if (char === '"') string();
    else if (char === 't') literal('true');
    else if (char === 'f') literal('false');
    else if (char === 'n') literal('null');
    else {
      NUMBER.lastIndex = i;
      if (!NUMBER.test(text)) fail();
      i = NUMBER.lastIndex;
    }
  };
  try {
    skipSpace();
    value();
    skipSpace();
    if (i < text.length) fail();
    return undefined;
  } catch (stop) {
    if (!(stop instanceof Stop)) throw stop;
    return placeOf(text, stop.offset);
  }
}

function placeOf(text: string, offset: number): JsonSyntaxPlace {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1, atEnd: offset >= text.length };
}
