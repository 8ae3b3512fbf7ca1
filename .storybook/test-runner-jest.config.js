// Jest config for @storybook/test-runner (ejected with `test-storybook --eject`, then adapted):
// launch the system Chromium, since browsers cannot be downloaded on these machines (docs/toolchain.md).
import { fileURLToPath } from 'node:url';
import { getJestConfig } from '@storybook/test-runner';
import { chromiumArgs, chromiumPath } from '../.ci/chromium.mjs';

const testRunnerConfig = getJestConfig();

/** @type {import('@jest/types').Config.InitialOptions} */
export default {
  ...testRunnerConfig,
  // One page per Jest worker for all its story files, and the test-runner's hooks set up once per
  // worker instead of in every file (test-environment.mjs); the runner's per-file setup goes.
  testEnvironment: fileURLToPath(new URL('./test-environment.mjs', import.meta.url)),
  setupFilesAfterEnv: [
    ...(testRunnerConfig.setupFilesAfterEnv ?? []).filter((file) => !file.endsWith('playwright/jest-setup.js')),
    fileURLToPath(new URL('./retry-once.cjs', import.meta.url)),
  ],
  // Each story renders twice (light, then dark for the second axe pass and shot) on a 2-core CI machine.
  testTimeout: 60_000,
  testEnvironmentOptions: {
    'jest-playwright': {
      ...testRunnerConfig.testEnvironmentOptions?.['jest-playwright'],
      browsers: ['chromium'],
      launchOptions: {
        executablePath: chromiumPath,
        // The same text rendering on every machine, for the visual check's shots (visual/shots.ts):
        // no LCD subpixel colours, no font hinting, one colour profile.
        args: [...chromiumArgs, '--disable-lcd-text', '--font-render-hinting=none', '--force-color-profile=srgb'],
      },
      contextOptions: {
        deviceScaleFactor: 1,
        locale: 'en-GB',
        timezoneId: 'UTC',
        reducedMotion: 'reduce',
        colorScheme: 'light',
      },
    },
  },
};
