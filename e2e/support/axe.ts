import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** axe-core's browser build, read once. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const BLOCKING: ImpactValue[] = ['serious', 'critical'];

interface AxeOptions {
  /** CSS selectors of parts to leave out, e.g. a third-party embed. */
  exclude?: string[];
}

function describe(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').split('\n').map((line) => `      ${line.trim()}`).join('\n');
    return `    at ${node.target.map(String).join(' >> ')}\n${summary}`;
  });
  return `${violation.id} (${String(violation.impact)}): ${violation.help}\n    ${violation.helpUrl}\n${nodes.join('\n')}`;
}

/**
 * Runs axe-core over the page as it is now and answers its serious and critical violations, one readable
 * entry each (rule, what to fix, which elements), so `expect(...).toEqual([])` says what is wrong.
 *
 * The source goes in through `page.evaluate`, which runs over DevTools and is not subject to the page's
 * Content-Security-Policy; axe itself needs no eval, inline script or style. Finite animations (a dialog
 * fading in) are let finish first, since axe reads colours and opacity as they are drawn.
 */
export async function axeViolations(page: Page, { exclude = [] }: AxeOptions = {}): Promise<string[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    ([excluded, options]) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: RunOptions) => Promise<AxeResults> } }).axe;
      return axe.run(excluded.length > 0 ? { exclude: excluded } : document, options);
    },
    // Only the stylesheets are preloaded: axe's media preload waits up to 10 s for an autoplaying video's metadata (a
    // clip the test is holding back), and the one rule that reads it (no-autoplay-audio) reports only for review.
    [exclude, { resultTypes: ['violations'], preload: { assets: ['cssom'] } }] as [string[], RunOptions],
  );
  return results.violations.filter((violation) => violation.impact && BLOCKING.includes(violation.impact)).map(describe);
}

/**
 * Checks the page as it is now with expect.soft, so a test lists every violation it meets, not only the
 * first; `state` names the screen in the failure. The flows that open a screen check it (issue 17, item 8:
 * every screen and dialog passes axe-core with no serious or critical violation).
 */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  expect.soft(await axeViolations(page), `axe, ${state}`).toEqual([]);
}
