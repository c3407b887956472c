import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const axeSource: string = require('node:fs').readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page; returns the serious and critical violations. Evaluated through the
 * DevTools protocol, not added as a <script>: the app's Content-Security-Policy refuses inline scripts.
 */
export async function seriousA11yViolations(page: Page) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // Older toasts sit behind the newest one, shrunk and faded until the stack is hovered, so their
    // contrast depends on when axe happens to run; the newest toast (index 0) is checked as usual.
    const context = { exclude: [['[data-sonner-toast]:not([data-index="0"])']] };
    const result = await (
      window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }
    ).axe.run(context);
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}
