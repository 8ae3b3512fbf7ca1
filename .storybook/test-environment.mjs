// The Jest environment of the Storybook tests (test-runner-jest.config.js): the test-runner's own,
// except that a Jest worker keeps one browser connection, context and page for all the story files
// it runs, instead of a new context and a fresh load of iframe.html's script per file. Stories of
// one file already share a page, one after another; sharing it across files spares that load for
// every file (docs/testing.md). Between files, the page's storage is cleared,
// and a page that has left iframe.html, or that a story broke, is replaced by a new one.
import { getTestRunnerConfig, setupPage } from '@storybook/test-runner';
import PlaywrightEnvironment from '@storybook/test-runner/dist/jest-playwright-entries/test-environment.js';

/** This worker's connection, context and page, once the first file has made them. */
let shared = null;

// The kept connection is closed when the Jest worker is told to end (jest-worker's message 2).
if (process.send) {
  process.on('message', function onEnd(message) {
    if (!Array.isArray(message) || message[0] !== 2) return;
    process.removeListener('message', onEnd);
    void shared?.browser.close().catch(() => {});
  });
}

/** As the base environment does for the pages it opens: an error in the page fails the test. */
const failOnPageError = (error) => process.emit('uncaughtException', error);

/** Whether the page is still Storybook's preview with the test-runner's script, ready for a story. */
async function usable(page) {
  if (page.isClosed() || !page.url().startsWith(new URL('iframe.html', process.env.TARGET_URL).toString()))
    return false;
  const answer = page.evaluate(() => typeof globalThis.__test === 'function').catch(() => false);
  // A page that a story left hung does not answer at all.
  const timeout = new Promise((resolve) => setTimeout(() => resolve(false), 5_000).unref());
  return Promise.race([answer, timeout]);
}

export default class StoryTestEnvironment extends PlaywrightEnvironment {
  async setup() {
    const options = this._config.testEnvironmentOptions['jest-playwright'];
    const reuse = shared !== null && (await usable(shared.page));
    if (shared && !reuse) {
      // Start again as the test-runner does for every file: a new connection, context and page.
      await shared.browser.close().catch(() => {});
      shared = null;
    }
    options.skipInitialization = reuse;
    await super.setup();
    if (shared) {
      await shared.page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await shared.context.clearCookies();
      if (options.exitOnPageError !== false) shared.page.on('pageerror', failOnPageError);
      Object.assign(this.global, shared);
    } else {
      await setupPage(this.global.page, this.global.context);
      shared = { browser: this.global.browser, context: this.global.context, page: this.global.page };
    }
    // What the test-runner's setup file does inside every test file's sandbox, done here once per
    // worker: it would load the whole test-runner (and Storybook's server code) again per file.
    const hooks = (await getTestRunnerConfig(process.env.STORYBOOK_CONFIG_DIR)) ?? {};
    this.global.__sbPreVisit = hooks.preVisit;
    this.global.__sbPostVisit = hooks.postVisit;
    this.global.__sbSetupPage = setupPage;
    this.global.__sbCollectCoverage = false;
  }

  async teardown() {
    // A story that destroyed its page's context makes the test-runner open a new page: keep that one.
    if (shared && this.global.page) shared.page = this.global.page;
    this.global.page?.removeListener('pageerror', failOnPageError);
    // The base teardown closes the browser connection; the next file of this worker reuses it.
    this.global.browser = undefined;
    await super.teardown();
  }
}
