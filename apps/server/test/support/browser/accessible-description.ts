import type { Locator } from 'playwright-core';

/** The accessible description of a control: the texts its aria-describedby points at, joined by a space. */
export function accessibleDescription(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id: string) => el.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}
