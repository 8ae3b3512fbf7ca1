// How every headless run here launches the system Chromium (browsers cannot be downloaded on
// these machines, docs/toolchain.md): the Storybook tests (with their visual shots), the e2e journeys, the
// ui consumer test and the bench all read this one module. Types: chromium.d.mts.

/** The browser binary: $CHROME_PATH when set (.ci/ensure-chromium finds one), else Debian's. */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

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
