import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { VISUAL_DEFAULT, type ViewportName, viewportSize } from '../viewports';

/**
 * Every story of the built Storybook, screenshotted in light and in dark and compared with the
 * baselines in .storybook/visual-baselines/ (`{story id}.{appearance}.png`). A story tagged `phone`
 * renders at the phone preset, every other one at VISUAL_DEFAULT. Deterministic on purpose: a fixed
 * clock, UTC, reduced motion, animations and caret off, the Inter font from @fontsource/inter (loaded
 * by preview.tsx), and no request leaves 127.0.0.1.
 */

interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
  tags?: string[];
}

type Appearance = 'light' | 'dark';

const dir = process.env.VISUAL_STORYBOOK_DIR;
const baseUrl = process.env.VISUAL_STORYBOOK_URL;
if (!dir || !baseUrl) throw new Error('Run the visual test through `npm run test:visual` (.storybook/visual/run.mjs).');

/**
 * Extra widths to check the layout at, no screenshots (`npm run test:visual -- --widths
 * 360,390,768,1024,1440`): no broken word, no small tap target, no sideways scroll at any of them.
 */
const widths = (process.env.VISUAL_WIDTHS ?? '')
  .split(',')
  .map((width) => Number.parseInt(width, 10))
  .filter((width) => width > 0);

/** The moment every story lives in: Date.now() and new Date() return it; timers still run. */
const FIXED_NOW = new Date('2026-03-02T10:00:00Z');

const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
const stories = Object.values(index.entries).filter(
  (entry) => entry.type === 'story' && !(entry.tags ?? []).includes('no-visual'),
);

function viewportOf(entry: IndexEntry): ViewportName {
  return (entry.tags ?? []).includes('phone') ? 'phone' : VISUAL_DEFAULT;
}

/**
 * Shows a story in the worker's page (as @storybook/test-runner does: one page load per worker,
 * then Storybook's own story switch) and waits until it has rendered and its play function has
 * finished; throws if it failed.
 */
async function showStory(page: Page, storyId: string): Promise<void> {
  // Each story starts on an empty embedded backend, as in the interaction tests' fresh pages: an
  // account one story signed up must not show in the next story's member list.
  await page.evaluate((key) => localStorage.removeItem(key), 'vault.mock.db');
  await page.evaluate((id) => {
    const channel = (globalThis as unknown as { __STORYBOOK_ADDONS_CHANNEL__: { emit(e: string, p: unknown): void } })
      .__STORYBOOK_ADDONS_CHANNEL__;
    channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
  }, storyId);
  const handle = await page.waitForFunction(
    (id) => {
      const preview = (globalThis as { __STORYBOOK_PREVIEW__?: { currentRender?: { id?: string; phase?: string } } })
        .__STORYBOOK_PREVIEW__;
      const render = preview?.currentRender;
      if (render?.id !== id) return false;
      if (document.body.classList.contains('sb-show-errordisplay')) return 'errored';
      return render.phase === 'finished' || render.phase === 'errored' || render.phase === 'aborted'
        ? render.phase
        : false;
    },
    storyId,
    { timeout: 60_000 },
  );
  const phase = await handle.jsonValue();
  if (phase !== 'finished') {
    const message = await page.locator('#error-message').textContent();
    throw new Error(`the story did not render (${phase}): ${message ?? ''}`);
  }
}

/** Switches the theme global in place (no remount, no second play) and waits for the re-render. */
async function switchAppearance(page: Page, value: Appearance): Promise<void> {
  await page.evaluate(
    (theme) =>
      new Promise<void>((resolve, reject) => {
        const channel = (
          globalThis as unknown as {
            __STORYBOOK_ADDONS_CHANNEL__: {
              emit(event: string, payload: unknown): void;
              on(event: string, listener: () => void): void;
              off(event: string, listener: () => void): void;
            };
          }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        const timer = setTimeout(() => reject(new Error(`no re-render in ${theme}`)), 20_000);
        const done = () => {
          // The outermost theme (the preview's decorator): a story may nest its own themes.
          if (document.querySelector('.radix-themes')?.classList.contains(theme) !== true) return;
          clearTimeout(timer);
          channel.off('storyFinished', done);
          channel.off('storyRendered', done);
          resolve();
        };
        channel.on('storyFinished', done);
        channel.on('storyRendered', done);
        channel.emit('updateGlobals', { globals: { theme } });
        // The global may already be applied (a story that pins its theme): check once now.
        setTimeout(done, 50);
      }),
    value,
  );
}

/** Fonts loaded, layout settled: two animation frames after document.fonts is ready. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * The story root, or the whole viewport when something the story opened lives outside it (a
 * dialog, menu or popover in a portal), so a shot never misses what the story is about.
 */
async function shotTarget(page: Page) {
  const outside = await page.evaluate(() => {
    const root = document.getElementById('storybook-root');
    return [...document.body.children].some((element) => {
      if (element === root || !(element instanceof HTMLElement) || element.id.startsWith('storybook-')) return false;
      if (
        element.classList.contains('sb-wrapper') ||
        element.matches('script, style, .sb-preparing-story, .sb-preparing-docs, .sb-errordisplay, .sb-nopreview')
      )
        return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    });
  });
  return outside ? null : page.locator('#storybook-root');
}

/**
 * Layout faults a person would notice at this width: a word broken across two lines (not at a
 * hyphen or slash), and a button, field or menu item smaller than 24 × 24 px (WCAG 2.5.8).
 */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 2 && box.height > 2 && getComputedStyle(element).visibility !== 'hidden';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, .sb-wrapper, [aria-hidden="true"]') || !visible(parent)) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[^\s\-–—/]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) faults.push(`'${match[0]}' is broken across lines (in “${text.trim().slice(0, 60)}”)`);
      }
    }
    const targets =
      'button, [role="button"], input:not([type="hidden"]), select, textarea, [role="menuitem"], [role="tab"], [role="option"]';
    for (const element of document.querySelectorAll(targets)) {
      if (!visible(element) || element.closest('.sb-wrapper, [aria-hidden="true"]')) continue;
      // A control inside its <label> is tapped through the whole label.
      const { width, height } = (element.closest('label') ?? element).getBoundingClientRect();
      if (width < 24 || height < 24) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
        faults.push(
          `tap target <${element.tagName.toLowerCase()}> '${name}' is ${Math.round(width)}×${Math.round(height)} px`,
        );
      }
    }
    return faults;
  });
}

const test = base.extend<{ errors: string[] }, { storybook: Page }>({
  // One page per worker, loaded once: a fresh page load per story costs seconds on a busy machine.
  storybook: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ reducedMotion: 'reduce', locale: 'en-GB', timezoneId: 'UTC' });
      // No network: only the served Storybook answers; the MSW worker mocks the backend in the page.
      await context.route(/^(?!https?:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
      const page = await context.newPage();
      await page.clock.setFixedTime(FIXED_NOW);
      await page.setViewportSize(viewportSize(VISUAL_DEFAULT));
      // The a11y addon's axe run is the interaction test's job (.ci/storybook-tests): off here.
      await page.goto(`${baseUrl}/iframe.html?viewMode=story&id=${stories[0]?.id ?? ''}&globals=a11y.manual:!true`);
      await page.waitForFunction(
        () => '__STORYBOOK_PREVIEW__' in globalThis && '__STORYBOOK_ADDONS_CHANNEL__' in globalThis,
      );
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
  errors: async ({ storybook }, use) => {
    const errors: string[] = [];
    const listener = (error: Error) => errors.push(error.message);
    storybook.on('pageerror', listener);
    await use(errors);
    storybook.off('pageerror', listener);
  },
});

for (const entry of stories) {
  test(`${entry.title} › ${entry.name}`, async ({ storybook: page, errors }) => {
    const viewport = viewportOf(entry);
    await page.setViewportSize(viewportSize(viewport));
    await showStory(page, entry.id);

    // The theme global outlives a story switch: shoot the current appearance, then the other one.
    const first = await page.evaluate(() =>
      document.querySelector('.radix-themes')?.classList.contains('dark') ? 'dark' : 'light',
    );
    for (const appearance of first === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const)) {
      if (appearance !== first) await switchAppearance(page, appearance);
      await settle(page);
      const target = await shotTarget(page);
      const name = `${entry.id}.${appearance}.png`;
      if (target) await expect.soft(target).toHaveScreenshot(name);
      else await expect.soft(page).toHaveScreenshot(name);
    }

    expect.soft(await layoutFaults(page), 'layout faults').toEqual([]);
    if (viewport === 'phone') {
      // A phone story never scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, 'the page scrolls sideways at 390 px').toBeLessThanOrEqual(0);
    }
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await settle(page);
      expect.soft(await layoutFaults(page), `layout faults at ${width} px`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect.soft(overflow, `the page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    }
    expect(errors, 'errors thrown in the page').toEqual([]);
  });
}
