import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';
import { injectAxe } from 'axe-playwright';
import type { Page } from 'playwright';

/**
 * Every story is tested twice for accessibility. The light pass is the a11y addon's own check
 * (`a11y.test: 'error'` in preview.tsx), which the test-runner turns into a failure. This hook adds
 * the dark pass: after the play function, it switches the toolbar global to dark on the same
 * rendered story (state kept: open menus stay open), runs axe with the addon's settings, then
 * switches back so the next story on this page starts light.
 */

type Appearance = 'light' | 'dark';

interface A11yParameter {
  disable?: boolean;
  test?: 'error' | 'todo' | 'off';
  context?: ElementContext;
  config?: { rules?: { id: string; enabled?: boolean }[] };
  options?: RunOptions;
}

// The addon's defaults: the whole body minus Storybook's chrome, and no landmark rule for fragments.
const EXCLUDE = ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'];
const ADDON_DISABLED_RULES = ['region'];

async function setAppearance(page: Page, appearance: Appearance): Promise<void> {
  await page.evaluate(async (value) => {
    const scope = globalThis as unknown as {
      __STORYBOOK_ADDONS_CHANNEL__: { emit(event: string, payload: unknown): void };
    };
    scope.__STORYBOOK_ADDONS_CHANNEL__.emit('updateGlobals', { globals: { theme: value } });
    // The decorator's root <Theme> carries the appearance as a class; wait until React re-rendered.
    const deadline = Date.now() + 5000;
    while (!document.querySelector(`#storybook-root .radix-themes.${value}, #storybook-docs .radix-themes.${value}`)) {
      if (Date.now() > deadline) throw new Error(`The story did not switch to the ${value} appearance`);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    // Let colour transitions settle so axe reads final colours; endless animations are skipped.
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.race([
      Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]);
  }, appearance);
}

function describe(results: AxeResults): string {
  return results.violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${node.failureSummary ?? ''}`);
      return `  ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

const config: TestRunnerConfig = {
  async postVisit(page, context) {
    const storyContext = await getStoryContext(page, context);
    const a11y = (storyContext.parameters.a11y ?? {}) as A11yParameter;
    if (a11y.disable === true || a11y.test === 'off') return;

    await setAppearance(page, 'dark');
    try {
      await injectAxe(page);
      const rules: Record<string, { enabled: boolean }> = {};
      for (const id of ADDON_DISABLED_RULES) rules[id] = { enabled: false };
      for (const rule of a11y.config?.rules ?? []) {
        if (typeof rule.enabled === 'boolean') rules[rule.id] = { enabled: rule.enabled };
      }
      const results = await page.evaluate(
        async ({ exclude, options }) => {
          const { axe } = globalThis as unknown as {
            axe: { run(context: unknown, options: unknown): Promise<AxeResults> };
          };
          return axe.run({ include: [document.body], exclude: exclude.map((selector) => [selector]) }, options);
        },
        { exclude: EXCLUDE, options: { ...a11y.options, rules: { ...a11y.options?.rules, ...rules } } },
      );
      if (results.violations.length > 0) {
        const message = `${context.title} › ${context.name}: ${results.violations.length} axe violation(s) in dark appearance\n${describe(results)}`;
        if (a11y.test === 'todo') console.warn(message);
        else throw new Error(message);
      }
    } finally {
      await setAppearance(page, 'light');
    }
  },
};

export default config;
