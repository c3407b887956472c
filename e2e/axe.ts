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
    // A toast fades in over 0.4 s: axe measuring its text half-transparent reports a contrast that
    // nobody sees once it has settled. Finite transitions and animations (toasts, dialogs) are let
    // finish first, for at most 1.5 s; endless ones (spinners) are not waited for.
    const settling = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity));
    await Promise.race([Promise.all(settling.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 1_500))]);
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
