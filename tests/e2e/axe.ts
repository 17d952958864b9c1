import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }>;
}

/**
 * axe's serious and critical violations on the page as it stands (axe-core is injected into it),
 * each as "rule: help (the first three elements)": an accessibility check asserts there are none.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}
