// How every headless run here launches the system Chromium (browsers cannot be downloaded on
// these machines, docs/toolchain.md): the Storybook tests (with their visual shots), the e2e journeys, the
// ui consumer test and the bench all read this one module. Types: chromium.d.mts.
import { existsSync } from 'node:fs';

/** The browser binary: $CHROME_PATH when set (.ci/ensure-chromium finds one), else Debian's. */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

/**
 * The e2e journeys' browser: Chromium's headless shell (Debian's chromium-headless-shell, the
 * build Playwright itself runs headless) when it is installed, else chromiumPath. It renders
 * pages with the same engine but starts no browser UI for each new context, and every journey
 * opens one (docs/testing.md). $CHROME_HEADLESS_SHELL_PATH overrides it.
 */
export const headlessShellPath =
  process.env.CHROME_HEADLESS_SHELL_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chromiumPath);

/** Headless, unsandboxed (CI containers), without the GPU and without the background traffic. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
