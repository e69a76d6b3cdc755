import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

/** Runs axe-core in the page (injected through DevTools, beside the page's CSP) and lists its violations. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate('axe.run(document).then((r) => ({ violations: r.violations, passes: r.passes.length }))')) as { violations: AxeViolation[]; passes: number };
  // axe ran its rules on this page (a run that checked nothing would also find nothing).
  expect(result.passes).toBeGreaterThan(10);
  return result.violations.map((v) => `${v.impact ?? ''} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
