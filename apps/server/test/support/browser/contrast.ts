/** WCAG 2.2's contrast ratio of two sRGB colours written `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, 1)`. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function channels(colour: string): [number, number, number] {
  const text = colour.trim();
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(text);
  if (hex) return [1, 2, 3].map((i) => parseInt(hex[i] as string, 16)) as [number, number, number];
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*1)?\)$/.exec(text);
  if (rgb) return [1, 2, 3].map((i) => Number(rgb[i])) as [number, number, number];
  throw new Error(`not an opaque colour: ${colour}`);
}

function luminance(colour: string): number {
  const [r, g, b] = channels(colour).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The colours of a computed `box-shadow` list, in order (`rgb(...)` as Chromium writes them). */
export function shadowColours(boxShadow: string): string[] {
  return boxShadow.match(/rgba?\([^)]*\)/g) ?? [];
}
