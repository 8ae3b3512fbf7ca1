import type { Locator, Page } from '@playwright/test';
import axe, { type AxeResults, type RunOptions } from 'axe-core';
import { expect, type Watch } from './fixtures';

/** axe in the page, and the keyboard's path through it, for the journeys. */

/** The axe rules whose outcome depends on colour: text contrast, and links told apart by colour. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The WCAG 2.x A and AA rules, which every page must pass. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core run in the page itself, as the Storybook tests run it: injected once per document and
 * run over the whole document. (@axe-core/playwright's analyze() injects axe into every frame on
 * every call and finishes each run in a new page, which costs more than the check itself.)
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof axe }).axe.run(document, runOptions),
    options,
  );
}

/**
 * axe with the WCAG 2.x A/AA rules, on the whole page; `colourOnly` runs just the colour rules, for
 * a second appearance of a page already checked in full (the DOM is the same, the tokens differ).
 */
export async function expectNoAxeViolations(
  page: Page,
  context: string,
  soft = false,
  colourOnly = false,
): Promise<void> {
  const results = await runAxe(page, {
    runOnly: colourOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_TAGS },
  });
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 4)
        .join(' | ')}`,
  );
  (soft ? expect.soft : expect)(violations, `axe violations on ${context}`).toEqual([]);
}

/** How long one focus check of `tabTo` waits for its target (it is already on the page by then). */
const FOCUS_CHECK_MS = 1_000;

/** What has focus, for a failure message: its tag, role, accessible text (shortened). */
async function describeFocus(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'the page body';
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
      const role = el.getAttribute('role');
      return `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${text}"`;
    })
    .catch(() => 'unknown (the page was navigating)');
}

/**
 * Presses Tab until the locator has focus (keyboard-only journeys). The target must first be on
 * the page (within the expect timeout): a check of a locator that matches nothing waits for it at
 * every press (the action timeout), which turned a missing target into minutes of Tab presses
 * instead of a failure. Each focus check then waits at most `FOCUS_CHECK_MS`.
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await expect(target, `tabTo: ${target} is not on the page, so Tab cannot reach it`).toBeAttached();
  for (let presses = 0; ; presses++) {
    const focused = await target
      .evaluate((el) => el === document.activeElement, undefined, { timeout: FOCUS_CHECK_MS })
      .catch(() => false);
    if (focused) return;
    if (presses === max) break;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab did not reach ${target} within ${max} presses; focus is on ${await describeFocus(page)}`);
}

/** Text that must be rendered as text, never as markup (bad-input tests). */
export const HOSTILE = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>"'&`;

export async function expectNotExecuted(page: Page, watch: Watch): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(watch.dialogs).toEqual([]);
}
