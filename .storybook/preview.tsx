import '@radix-ui/themes/styles.css';
import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/700.css';
import './preview.css';
import { Theme } from '@radix-ui/themes';
import type { Decorator, Preview } from '@storybook/react-vite';
import type { Session } from '@vault/domain';
import type { Appearance } from '@vault/ui';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { configure } from 'storybook/test';
import { storyHandlers, storySession } from '../mocks/story';
import { StoryAuthSeed } from '../packages/app/src/test-support/authSeed';
import { VIEWPORTS } from './viewports';

// findBy… and waitFor give up after 5 s instead of Testing Library's 1 s: on a 2-core machine running
// two browsers, a closing animation or a frame-delayed focus can take longer than a second. A
// passing check returns as soon as it passes, so this costs nothing when the machine is quick.
configure({ asyncUtilTimeout: 5_000 });

const appearanceOf = (value: unknown): Appearance => (value === 'dark' ? 'dark' : 'light');

/** Every story renders inside Radix Themes, in the appearance chosen on the toolbar. */
const withTheme: Decorator = (Story, context) => (
  <Theme appearance={appearanceOf(context.globals.theme)} accentColor="indigo" grayColor="slate">
    <Story />
  </Theme>
);

/**
 * A story with a signed-in session (`parameters.app.session`, or a FullApp story's `args.session`)
 * starts signed in: a token that carries its member and their profile row, which the story
 * backend answers from (mocks/story); the decorator below hands it to the story's own storage.
 */
async function storySessionLoader(context: { parameters: Record<string, unknown>; args: Record<string, unknown> }) {
  const app = context.parameters.app as { session?: Session } | undefined;
  const session = app?.session ?? (context.args.session as Session | undefined);
  if (!session?.user) return { authSeed: null };
  return { authSeed: await storySession(session.user, session.isAdmin) };
}

const withAuthSeed: Decorator = (Story, context) => (
  <StoryAuthSeed.Provider value={(context.loaded.authSeed as Record<string, unknown> | null | undefined) ?? null}>
    <Story />
  </StoryAuthSeed.Provider>
);

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Light or dark appearance (Radix Themes)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [withTheme, withAuthSeed],
  loaders: [
    // One worker per preview; the story backend's canned answers are initial handlers, so they
    // survive the addon's per-story reset, and a story's `parameters.msw` handlers come first.
    mswLoader(async () => {
      const [{ setupWorker }, { untilControlled }] = await Promise.all([
        import('msw/browser'),
        import('../mocks/untilControlled'),
      ]);
      const worker = setupWorker(...storyHandlers);
      await untilControlled();
      await worker.start({
        quiet: true,
        serviceWorker: { url: './mockServiceWorker.js' },
        // Storybook's own files are same-origin; only a call to an unmocked backend deserves a warning.
        onUnhandledRequest(request, print) {
          if (new URL(request.url).origin !== window.location.origin) print.warning();
        },
      });
      return worker;
    }),
    storySessionLoader,
  ],
  parameters: {
    // Phone, tablet, laptop and desktop presets on the toolbar; a phone story sets
    // `globals: { viewport: { value: 'phone' } }` and the tag `phone` (see viewports.ts).
    viewport: { options: VIEWPORTS },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Any axe violation fails the story in the test-runner (light here; dark in test-runner.ts).
    a11y: { test: 'error' },
  },
};

export default preview;
