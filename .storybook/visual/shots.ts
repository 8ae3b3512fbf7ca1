import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Locator, Page } from 'playwright';

/**
 * The visual regression check, run by the interaction tests (.storybook/test-runner.ts) after each
 * story's play function: the story is shot in light and in dark and compared with the baselines in
 * .storybook/visual-baselines/ (`{story id}-{appearance}.png`). Deterministic on purpose: a fixed
 * clock, UTC, reduced motion, animations and caret off, the Inter font from @fontsource/inter (loaded
 * by preview.tsx), fixed text rendering (test-runner-jest.config.js) and no request leaving 127.0.0.1.
 * A shot with the baseline's bytes passes at once; any other is compared pixel by pixel in a worker
 * thread (compare.mjs).
 */

// The repository root: the tests run from there (.ci/storybook-tests), with `--config-dir .storybook`.
// (This module is loaded both as ESM and as CommonJS by the test-runner, so no __dirname or import.meta.)
const root = process.cwd();
const baselineDir = join(root, '.storybook/visual-baselines');
const outputDir = resolve(root, process.env.VISUAL_OUTPUT_DIR ?? 'test-results/visual');
/** `VISUAL_UPDATE=1` (npm run test:visual -- --update) writes the shots that differ as the new baselines. */
const update = process.env.VISUAL_UPDATE === '1';

/** The moment every story lives in: Date.now() and new Date() return it; timers still run. */
export const FIXED_NOW = new Date('2026-03-02T10:00:00Z');

/** A small tolerance for anti-aliasing: a pixel counts as changed past a 0.2 colour distance… */
const PIXEL_THRESHOLD = 0.2;
/** …and at most 0.2% of a shot's pixels (about 160 on a 400×200 card) may change. */
const MAX_DIFF_PIXEL_RATIO = 0.002;
/** A busy machine can take seconds to produce two identical shots in a row. */
const STABLE_TIMEOUT_MS = 45_000;
/** How long a still shot that differs from its baseline is watched for a late change. */
const DIFFERENT_WATCH_MS = 5_000;

/** Toasts are hidden in shots: whether a shot catches one depends on the machine's speed. */
const SHOT_STYLE = readFileSync(join(root, '.storybook/visual/screenshot.css'), 'utf8');

export type Appearance = 'light' | 'dark';

/** Fonts loaded, layout settled: two animation frames after document.fonts is ready. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolveFrame) => requestAnimationFrame(() => requestAnimationFrame(resolveFrame)));
  });
}

/**
 * The story root, or the whole viewport when something the story opened lives outside it (a
 * dialog, menu or popover in a portal), so a shot never misses what the story is about. (A native
 * modal `<dialog>` inside the root is shot with it: the shot is the root's area of the page.)
 */
async function shotTarget(page: Page): Promise<Page | Locator> {
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
  return outside ? page : page.locator('#storybook-root');
}

function shoot(target: Page | Locator): Promise<Buffer> {
  return target.screenshot({ animations: 'disabled', caret: 'hide', scale: 'css', style: SHOT_STYLE });
}

interface Difference {
  changed: number;
  /** The diff image (PNG): changed pixels in red. */
  diff: Uint8Array;
}

interface CompareReply {
  id: number;
  changed?: number;
  diff?: Uint8Array | null;
  error?: string;
}

/** The comparing thread (compare.mjs), started on the first comparison of this test process. */
let comparer: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (reply: CompareReply) => void>();

function compareInWorker(actual: Buffer, expected: Buffer): Promise<CompareReply> {
  if (!comparer) {
    const worker = new Worker(join(root, '.storybook/visual/compare.mjs'));
    worker.on('message', (reply: CompareReply) => {
      waiting.get(reply.id)?.(reply);
      waiting.delete(reply.id);
    });
    worker.on('error', (error) => {
      for (const answer of waiting.values()) answer({ id: -1, error: String(error) });
      waiting.clear();
      comparer = null;
    });
    // An idle comparer must not keep the test process alive.
    worker.unref();
    comparer = worker;
  }
  const id = nextId++;
  const worker = comparer;
  return new Promise((answer) => {
    waiting.set(id, answer);
    worker.postMessage({
      id,
      actual,
      expected,
      threshold: PIXEL_THRESHOLD,
      maxChangedRatio: MAX_DIFF_PIXEL_RATIO,
    });
  });
}

/**
 * null when the two images match within the tolerance; otherwise how many pixels changed, and
 * where. The same bytes match at once (the same pixels encode the same way); other bytes are
 * decoded and compared pixel by pixel in the comparing thread.
 */
async function difference(actual: Buffer, expected: Buffer): Promise<Difference | null> {
  if (actual.equals(expected)) return null;
  const reply = await compareInWorker(actual, expected);
  if (reply.error !== undefined || reply.changed === undefined) {
    throw new Error(`visual: the comparison failed: ${reply.error ?? 'no answer'}`);
  }
  return reply.diff ? { changed: reply.changed, diff: reply.diff } : null;
}

/**
 * Shoots the story as it is now and compares it with its baseline, as Playwright's toHaveScreenshot
 * does: a shot that matches passes at once; otherwise shots are taken until two in a row are the
 * same (the page has stopped changing), and that one is compared; one that still differs is
 * watched for DIFFERENT_WATCH_MS more in case the page changes again. Returns a failure message, or
 * null. A missing baseline is a failure, unless updating.
 */
export async function checkShot(page: Page, storyId: string, appearance: Appearance): Promise<string | null> {
  const name = `${storyId}-${appearance}.png`;
  const baselinePath = join(baselineDir, name);
  let expected: Buffer | null = null;
  try {
    expected = readFileSync(baselinePath);
  } catch {
    expected = null;
  }
  await settle(page);
  const target = await shotTarget(page);
  let shot = await shoot(target);
  if (expected && (await difference(shot, expected)) === null) return null;

  const deadline = Date.now() + STABLE_TIMEOUT_MS;
  const stable = async (): Promise<boolean> => {
    for (let previous = shot; ; previous = shot) {
      await page.waitForTimeout(100);
      shot = await shoot(target);
      if (shot.equals(previous)) return true;
      if (Date.now() > deadline) return false;
    }
  };
  if (!(await stable())) return `${name}: the story never stopped changing (no two identical shots in a row)`;
  let found = expected ? await difference(shot, expected) : null;
  // A page can hold still for 100 ms while an answer is still on its way on a busy machine: a
  // still shot that differs is watched a little longer, and only a look it keeps fails.
  const settleDeadline = Date.now() + DIFFERENT_WATCH_MS;
  while (expected && found !== null && Date.now() < settleDeadline) {
    const before = shot;
    await page.waitForTimeout(250);
    shot = await shoot(target);
    if (shot.equals(before)) continue;
    if (!(await stable())) break;
    found = await difference(shot, expected);
  }
  if (expected && found !== null) found = await difference(shot, expected);
  if (expected && found === null) return null;
  if (update) {
    mkdirSync(baselineDir, { recursive: true });
    writeFileSync(baselinePath, shot);
    console.log(`visual: ${expected ? 'updated' : 'added'} the baseline ${name}`);
    return null;
  }
  const actualPath = join(outputDir, name.replace(/\.png$/, '-actual.png'));
  mkdirSync(dirname(actualPath), { recursive: true });
  writeFileSync(actualPath, shot);
  if (!found) return `${name}: no baseline; add it with \`npm run test:visual -- --update\` (shot: ${actualPath})`;
  const diffPath = actualPath.replace(/-actual\.png$/, '-diff.png');
  writeFileSync(diffPath, found.diff);
  return `${name}: ${found.changed} pixels differ from the baseline (actual: ${actualPath}, diff: ${diffPath})`;
}

/**
 * Layout faults a person would notice at this width: a word broken across two lines (not at a
 * hyphen or slash), a button, field or menu item smaller than 24 × 24 px (WCAG 2.5.8), and text
 * drawn over other text.
 */
export async function layoutFaults(page: Page): Promise<string[]> {
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
    // Text drawn over other text: the boxes of two pieces of visible text (each line of each text
    // node, clipped by its element and its ancestors when they scroll or clip) intersect, and neither is inside the
    // other's element. aria-hidden text counts too: a decorative wordmark is still drawn.
    const boxes: { element: Element; text: string; box: DOMRect }[] = [];
    // The text's own element clips it too (a line clamp's overflow: hidden hides the lines past
    // the clamp), so the walk starts there, not at its parent.
    const clipOf = (element: Element) => {
      let clip = { left: -Infinity, top: -Infinity, right: Infinity, bottom: Infinity };
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const r = at.getBoundingClientRect();
        clip = {
          left: Math.max(clip.left, r.left),
          top: Math.max(clip.top, r.top),
          right: Math.min(clip.right, r.right),
          bottom: Math.min(clip.bottom, r.bottom),
        };
      }
      return clip;
    };
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim() ?? '';
      if (!parent || text === '' || parent.closest('script, style, .sb-wrapper') || !visible(parent)) continue;
      if (!parent.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const clip = clipOf(parent);
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        const left = Math.max(r.left, clip.left);
        const right = Math.min(r.right, clip.right);
        const top = Math.max(r.top, clip.top);
        const bottom = Math.min(r.bottom, clip.bottom);
        if (right - left > 1 && bottom - top > 1)
          boxes.push({ element: parent, text, box: new DOMRect(left, top, right - left, bottom - top) });
      }
    }
    // A dialog, menu, popover or toast is drawn above the page on purpose: texts are compared only
    // within one layer (the page, or one such overlay).
    const overlays =
      '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [role="tooltip"], [data-radix-popper-content-wrapper], [data-sonner-toaster]';
    const layerOf = (element: Element) => element.closest(overlays);
    const reported = new Set<string>();
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (!a || !b || a.element === b.element || layerOf(a.element) !== layerOf(b.element)) continue;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        // A text box runs from the font's ascent to its descent, taller than its glyphs: lines set
        // tight touch by a few px. Only an overlap of over a quarter of the shorter line is a fault.
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x <= 2 || y <= Math.min(a.box.height, b.box.height) / 4) continue;
        const fault = `text '${a.text.slice(0, 40)}' is drawn over text '${b.text.slice(0, 40)}'`;
        if (!reported.has(fault)) {
          reported.add(fault);
          faults.push(fault);
        }
      }
    }
    return faults;
  });
}

/** How far the page scrolls sideways (0 when it does not). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
