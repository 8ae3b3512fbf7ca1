import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import type { Appearance } from '@vault/ui';
import type { AxeResults, RunOptions } from 'axe-core';
import { injectAxe } from 'axe-playwright';
import type { Page } from 'playwright';
import { VISUAL_DEFAULT, viewportSize } from './viewports.ts';
import { checkShot, FIXED_NOW, layoutFaults, sidewaysOverflow } from './visual/shots.ts';

/**
 * After its play function, every story is shot in light and in dark for the visual regression
 * check (visual/shots.ts) and checked by axe in both appearances.
 * - In the appearance it renders in: the a11y addon's own check, every rule (`a11y.test: 'error'`
 *   in preview.tsx), which the test-runner turns into a failure.
 * - In the other one (this hook): switch the toolbar global on the rendered story. Storybook
 *   re-renders it in place (no remount, no second play, so open menus stay open). Once that render
 *   has finished, run axe's colour rules here with the addon's settings (see runAxe). The page
 *   stays in that appearance, so the stories of a file alternate between starting light and dark.
 *   axe runs from this hook rather than by reading the addon's re-render report, because that
 *   report proved unreliable under the test-runner (it missed a dark-only contrast failure that
 *   this check catches).
 * The page is the same for both: one story render and one play serve the interaction test, the
 * axe checks and the shots (docs/testing.md).
 */

interface A11yParameter {
  disable?: boolean;
  test?: 'error' | 'todo' | 'off';
  config?: { rules?: { id: string; enabled?: boolean }[] };
  options?: RunOptions;
}

// The addon's defaults: the whole body minus Storybook's own elements, no landmark rule.
const EXCLUDE = ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'];
const ADDON_DISABLED_RULES = ['region'];
/** The axe rules that read colours: text contrast, and links told apart from text by colour. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Switches the theme global and resolves once the story has re-rendered in that appearance. */
async function switchAppearance(page: Page, storyId: string, appearance: Appearance): Promise<void> {
  await page.evaluate(
    ({ id, value }) =>
      new Promise<void>((resolve, reject) => {
        const channel = (
          globalThis as unknown as {
            __STORYBOOK_ADDONS_CHANNEL__: {
              emit(event: string, payload: unknown): void;
              on(event: string, listener: (payload: { storyId: string }) => void): void;
              off(event: string, listener: (payload: { storyId: string }) => void): void;
            };
          }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        let attempts = 0;
        const timer = setTimeout(() => {
          channel.off('storyFinished', onFinished);
          reject(new Error(`Story ${id} did not re-render in the ${value} appearance`));
        }, 20_000);
        function onFinished(event: { storyId: string }) {
          if (event.storyId !== id) return;
          // A render queued before ours can finish first: ask again and keep waiting.
          if (document.querySelector(`.radix-themes.${value}`) === null && attempts < 3) {
            attempts += 1;
            channel.emit('updateGlobals', { globals: { theme: value } });
            return;
          }
          clearTimeout(timer);
          channel.off('storyFinished', onFinished);
          if (document.querySelector(`.radix-themes.${value}`) === null) {
            reject(new Error(`Story ${id} does not follow the theme global (no .radix-themes.${value})`));
          } else resolve();
        }
        channel.on('storyFinished', onFinished);
        channel.emit('updateGlobals', { globals: { theme: value } });
      }),
    { id: storyId, value: appearance },
  );
}

async function runAxe(page: Page, a11y: A11yParameter): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await injectAxe(page);
  const rules: Record<string, { enabled: boolean }> = {};
  for (const id of ADDON_DISABLED_RULES) rules[id] = { enabled: false };
  for (const rule of a11y.config?.rules ?? []) {
    if (typeof rule.enabled === 'boolean') rules[rule.id] = { enabled: rule.enabled };
  }
  // Only the rules whose outcome depends on colour: the dark pass re-renders the same DOM with the
  // dark tokens (the toolbar theme changes a class, nothing else), so every other rule would repeat
  // the light pass's answer at the cost of a second full axe run per story.
  const options: RunOptions = {
    ...a11y.options,
    rules: { ...a11y.options?.rules, ...rules },
    runOnly: { type: 'rule', values: COLOUR_RULES.filter((id) => rules[id]?.enabled !== false) },
  };
  // The page shares one axe with the a11y addon, whose check may still be running for a render the
  // story queued itself; axe refuses concurrent runs, so wait for it and try again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await evaluateAxe(page, options);
    } catch (error) {
      if (attempt >= 40 || !String(error).includes('Axe is already running')) throw error;
      await page.waitForTimeout(250);
    }
  }
}

function evaluateAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  return page.evaluate(
    ({ exclude, runOptions }) => {
      const { axe } = globalThis as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } };
      return axe.run({ include: [document.body], exclude: exclude.map((selector) => [selector]) }, runOptions);
    },
    { exclude: EXCLUDE, runOptions: options },
  );
}

function describeViolations(results: AxeResults): string {
  return results.violations
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `      at ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
      return `    ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

interface IndexEntry {
  type: 'story' | 'docs';
  tags?: string[];
}

/** The tags of every story of the Storybook under test, from its index.json (read once per file). */
let storyTags: Promise<Map<string, string[]>> | null = null;
function tagsOf(storyId: string): Promise<string[]> {
  storyTags ??= fetch(new URL('index.json', process.env.TARGET_URL ?? 'http://127.0.0.1/'))
    .then((response) => response.json() as Promise<{ entries: Record<string, IndexEntry> }>)
    .then(({ entries }) => new Map(Object.entries(entries).map(([id, entry]) => [id, entry.tags ?? []])));
  return storyTags.then((tags) => tags.get(storyId) ?? []);
}

/**
 * Extra widths to check the layout at, no shots (`npm run test:visual -- --widths
 * 360,390,768,1024,1440`): no broken word, no small tap target, no sideways scroll at any of them.
 */
const extraWidths = (process.env.VISUAL_WIDTHS ?? '')
  .split(',')
  .map((width) => Number.parseInt(width, 10))
  .filter((width) => width > 0);

const rendered = (page: Page): Promise<Appearance> =>
  page.evaluate(() => (document.querySelector('.radix-themes')?.classList.contains('dark') ? 'dark' : 'light'));

const config: TestRunnerConfig = {
  // As the test-runner's own prepare, plus what makes a shot the same on every run: a fixed clock,
  // no request leaving 127.0.0.1 (the MSW worker mocks the backend in the page).
  async prepare({ page, browserContext }) {
    const target = process.env.TARGET_URL;
    if (!target) throw new Error('TARGET_URL is not set: run the tests through .ci/storybook-tests');
    await browserContext.route(/^(?!https?:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
    await page.clock.setFixedTime(FIXED_NOW);
    await page.setViewportSize(viewportSize(VISUAL_DEFAULT));
    await page.goto(new URL('iframe.html', target).toString(), { waitUntil: 'load' });
  },

  // A story tagged `phone` renders at the phone preset, every other one at VISUAL_DEFAULT.
  async preVisit(page, context) {
    const phone = (await tagsOf(context.id)).includes('phone');
    await page.setViewportSize(viewportSize(phone ? 'phone' : VISUAL_DEFAULT));
  },

  async postVisit(page, context) {
    // The addon's check or the play function already failed: keep that error, do not mask it.
    if (context.hasFailure) return;
    const storyContext = await getStoryContext(page, context);
    const a11y = (storyContext.parameters.a11y ?? {}) as A11yParameter;
    const axeOn = a11y.disable !== true && a11y.test !== 'off';
    const tags = await tagsOf(context.id);
    const shots = !tags.includes('no-visual');
    const failures: string[] = [];

    // The other appearance than the one the story rendered in. It is kept for the next story on
    // this page (no switch back): that story's full check then runs in this appearance and its
    // colour check in the first one, which covers the same ground with one re-render less.
    const first = await rendered(page);
    const other: Appearance = first === 'dark' ? 'light' : 'dark';
    if (shots) failures.push(...[await checkShot(page, context.id, first)].filter((f) => f !== null));
    if (shots || axeOn) await switchAppearance(page, context.id, other);
    if (axeOn) {
      const results = await runAxe(page, a11y);
      if (results.violations.length > 0) {
        const message = `${results.violations.length} axe violation(s) in the ${other} appearance\n${describeViolations(results)}`;
        if (a11y.test === 'todo') console.warn(`${context.title} › ${context.name}: ${message}`);
        else failures.push(message);
      }
    }
    if (shots) {
      failures.push(...[await checkShot(page, context.id, other)].filter((f) => f !== null));
      failures.push(...(await layoutFaults(page)).map((fault) => `layout: ${fault}`));
      if (tags.includes('phone') && (await sidewaysOverflow(page)) > 0)
        failures.push('the page scrolls sideways at 390 px');
      for (const width of extraWidths) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        failures.push(...(await layoutFaults(page)).map((fault) => `layout at ${width} px: ${fault}`));
        if ((await sidewaysOverflow(page)) > 0) failures.push(`the page scrolls sideways at ${width} px`);
      }
    }
    if (failures.length > 0) throw new Error(`${context.title} › ${context.name}:\n${failures.join('\n')}`);
  },
};

export default config;
