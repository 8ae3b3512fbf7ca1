import { createServer } from 'node:net';
import type { PlaywrightTestConfig } from '@playwright/test';
import { chromiumArgs, headlessShellPath } from '../../../.ci/chromium.mjs';

/** What both e2e configs (the embedded build's and the real-mode build's) run their journeys in. */
export const journeyBrowser = {
  browserName: 'chromium',
  headless: true,
  // Every journey's context compiles PGlite's WebAssembly anew; V8's optimizing tier would
  // recompile it in the background, which costs a 2-core machine more than the journey gains.
  launchOptions: { executablePath: headlessShellPath, args: [...chromiumArgs, '--js-flags=--liftoff-only'] },
  viewport: { width: 1280, height: 900 },
  locale: 'en-IE',
  timezoneId: 'Europe/Dublin',
  screenshot: 'only-on-failure',
} satisfies PlaywrightTestConfig['use'];

/** A free port on 127.0.0.1, asked of the OS (the e2e configs serve the build and the host on one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}
