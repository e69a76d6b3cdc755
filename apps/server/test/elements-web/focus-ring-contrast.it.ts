import type { Page } from 'playwright-core';
import { useDemoBrowser } from '../support/browser/elements-browser';
import { contrastRatio, shadowColours } from '../support/browser/contrast';

/** The focused control, and how its ring (the shadow's outermost colour) contrasts with the components' background and surface. */
async function focusedRing(page: Page): Promise<string> {
  const { control, ring, bg, surface } = (await page.evaluate(`(() => {
    const root = getComputedStyle(document.querySelector('.sp-root'));
    const el = document.activeElement;
    return { control: el.tagName.toLowerCase() + (el.type ? ':' + el.type : ''), ring: getComputedStyle(el).boxShadow, bg: root.getPropertyValue('--sp-color-bg'), surface: root.getPropertyValue('--sp-color-surface') };
  })()`)) as { control: string; ring: string; bg: string; surface: string };
  const outer = shadowColours(ring).at(-1);
  if (!outer) return `${control}: no ring (${ring})`;
  const worst = Math.min(contrastRatio(outer, bg), contrastRatio(outer, surface));
  return `${control}: ${worst >= 3 ? 'ring of 3:1 or more' : `ring ${outer} at ${worst.toFixed(2)}:1`}`;
}

/**
 * The keyboard focus ring must stand out from what surrounds it: 3:1 against the components'
 * background and surface (WCAG 2.2, 1.4.11 and 2.4.13), in the light and the dark theme (D83).
 */
describe('demo checkout in Chromium: the focus ring contrasts with its surroundings', () => {
  const suite = useDemoBrowser();

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`draws a ring of 3:1 or more against the background and the surface (${colorScheme})`, async () => {
      const { page, shop, problems } = suite;
      await page.emulateMedia({ colorScheme });
      await shop.openOnCard();
      await shop.method('Card').focus();
      const seen: string[] = [];
      // A field, the radio, a field, then Pay: the keyboard was used last, so each shows its ring.
      for (const key of ['Tab', 'Shift+Tab', 'Tab']) {
        await page.keyboard.press(key);
        seen.push(await focusedRing(page));
      }
      await shop.payButton().focus();
      seen.push(await focusedRing(page));
      expect(seen).toEqual(['input:text: ring of 3:1 or more', 'input:radio: ring of 3:1 or more', 'input:text: ring of 3:1 or more', 'button:button: ring of 3:1 or more']);
      expect(problems.list).toEqual([]);
    });
  }
});
