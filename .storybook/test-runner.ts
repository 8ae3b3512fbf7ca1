import { getStoryContext, type TestRunnerConfig } from '@storybook/test-runner';
import type { Page } from 'playwright';

/**
 * Every story is checked by axe twice. The light pass is the a11y addon's own check after the play
 * function (`a11y.test: 'error'` in preview.tsx), which the test-runner turns into a failure. This
 * hook adds the dark pass: it switches the toolbar global to dark on the rendered story, which makes
 * Storybook re-render it in place (no remount, no second play: open menus stay open) and run the
 * addon's afterEach axe check again, with the story's own a11y settings. A violation there fails
 * the test. Then it switches back, so the next story on this page starts light.
 */

type Appearance = 'light' | 'dark';

interface RerenderOutcome {
  status: string;
  appearanceApplied: boolean;
  a11y: { status: string; violations: string[]; error?: string } | null;
}

async function rerenderWith(page: Page, storyId: string, appearance: Appearance): Promise<RerenderOutcome> {
  return page.evaluate(
    ({ id, value }) =>
      new Promise<RerenderOutcome>((resolve, reject) => {
        interface Report {
          type: string;
          status: string;
          result?: {
            error?: unknown;
            violations?: { id: string; impact?: string; help: string; nodes: { target: string[] }[] }[];
          };
        }
        const scope = globalThis as unknown as {
          __STORYBOOK_ADDONS_CHANNEL__: {
            emit(event: string, payload: unknown): void;
            on(event: string, listener: (payload: never) => void): void;
            off(event: string, listener: (payload: never) => void): void;
          };
        };
        const channel = scope.__STORYBOOK_ADDONS_CHANNEL__;
        const timer = setTimeout(() => {
          channel.off('storyFinished', onFinished);
          reject(new Error(`Story ${id} did not finish re-rendering in the ${value} appearance`));
        }, 30_000);
        function onFinished(event: { storyId: string; status: string; reporters: Report[] }) {
          if (event.storyId !== id) return;
          const applied = document.querySelector(`.radix-themes.${value}`) !== null;
          // A render queued before ours (e.g. an args update) can finish first: ask again and wait.
          if (!applied && attempts < 3) {
            attempts += 1;
            channel.emit('updateGlobals', { globals: { theme: value } });
            return;
          }
          clearTimeout(timer);
          channel.off('storyFinished', onFinished);
          const report = event.reporters.find((r) => r.type === 'a11y');
          resolve({
            status: event.status,
            appearanceApplied: applied,
            a11y: report
              ? {
                  status: report.status,
                  error: report.result?.error ? String(report.result.error) : undefined,
                  violations: (report.result?.violations ?? []).map(
                    (v) =>
                      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n      at ${v.nodes.map((n) => n.target.join(' ')).join('\n      at ')}`,
                  ),
                }
              : null,
          });
        }
        let attempts = 0;
        channel.on('storyFinished', onFinished);
        channel.emit('updateGlobals', { globals: { theme: value } });
      }),
    { id: storyId, value: appearance },
  );
}

const config: TestRunnerConfig = {
  async postVisit(page, context) {
    const storyContext = await getStoryContext(page, context);
    const a11y = (storyContext.parameters.a11y ?? {}) as { disable?: boolean; test?: string };
    if (a11y.disable === true || a11y.test === 'off') return;

    const dark = await rerenderWith(page, context.id, 'dark');
    await rerenderWith(page, context.id, 'light');

    const where = `${context.title} › ${context.name} (dark)`;
    if (!dark.appearanceApplied) throw new Error(`${where}: the story did not render in the dark appearance`);
    if (!dark.a11y) throw new Error(`${where}: the a11y addon did not report`);
    if (dark.a11y.error) throw new Error(`${where}: axe failed to run: ${dark.a11y.error}`);
    if (dark.a11y.violations.length > 0) {
      const message = `${where}: ${dark.a11y.violations.length} axe violation(s)\n    ${dark.a11y.violations.join('\n    ')}`;
      if (a11y.test === 'todo') console.warn(message);
      else throw new Error(message);
    }
  },
};

export default config;
