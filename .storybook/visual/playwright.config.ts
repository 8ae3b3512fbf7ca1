import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../.ci/chromium.mjs';

/**
 * The visual regression test: one Playwright test per story (see visual.spec.ts), run by
 * `npm run test:visual` through run.mjs, which builds or reuses a static Storybook, serves it and
 * passes its folder and URL in VISUAL_STORYBOOK_DIR / VISUAL_STORYBOOK_URL.
 */
export default defineConfig({
  testDir: '.',
  testMatch: 'visual.spec.ts',
  // Baselines are committed beside this folder, named after the story id and the appearance only,
  // so they match on any machine (no platform suffix).
  snapshotPathTemplate: '{testDir}/../visual-baselines/{arg}{ext}',
  outputDir: process.env.VISUAL_OUTPUT_DIR ?? '../../test-results/visual',
  fullyParallel: true,
  workers: Number(process.env.VISUAL_WORKERS ?? 2),
  retries: 0,
  timeout: 180_000,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list', { printSteps: false }]],
  expect: {
    // A busy machine can take seconds to produce two identical shots in a row.
    timeout: 45_000,
    toHaveScreenshot: {
      // A small tolerance for anti-aliasing: a pixel counts as changed past a 0.2 colour distance,
      // and at most 0.2% of a shot's pixels (about 160 on a 400×200 card) may change.
      threshold: 0.2,
      maxDiffPixelRatio: 0.002,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Toasts are hidden in shots: their timing is the machine's (screenshot.css).
      stylePath: fileURLToPath(new URL('./screenshot.css', import.meta.url)),
    },
  },
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        ...chromiumArgs,
        // The same text rendering on every machine: no LCD subpixel colours, no font hinting.
        '--disable-lcd-text',
        '--font-render-hinting=none',
        '--force-color-profile=srgb',
      ],
    },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
    colorScheme: 'light',
  },
});
