import type { ReadinessStepId } from '@vault/domain';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectNavigatedTo, SLOW } from './expect';
import { captureTelemetry } from './telemetry';

/**
 * The story of a page's next-step nudge: its call to action emits click:cta with the step and the
 * page (docs/decisions.md (9)), then opens the step's page. The same on every page with a nudge.
 * A story names both keys, `{ beforeEach: cta.beforeEach, play: cta.play }`: Storybook's indexer
 * tags a story with a play function only when it sees `play` in the story's own object.
 */
export function nudgeCallToActionStory(expected: {
  /** The nudge's title, which names its region: 'Create your wallet'. */
  nudge: string;
  /** Its call to action: 'Create Wallet'. */
  button: string;
  step: ReadinessStepId;
  page: string;
  /** Where the call to action goes: '/settings'. */
  to: string;
}) {
  let telemetry: ReturnType<typeof captureTelemetry> | null = null;
  return {
    beforeEach: () => {
      telemetry = captureTelemetry();
      return () => telemetry?.restore();
    },
    play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
      const canvas = within(canvasElement);
      const nudge = canvas.getByRole('region', { name: expected.nudge });
      await userEvent.click(within(nudge).getByRole('button', { name: expected.button }));
      await waitFor(
        () =>
          expect(telemetry?.sink).toHaveBeenCalledWith(
            expect.objectContaining({ type: 'click:cta', context: { step: expected.step, page: expected.page } }),
          ),
        SLOW,
      );
      await expectNavigatedTo(canvasElement, expected.to);
    },
  };
}
