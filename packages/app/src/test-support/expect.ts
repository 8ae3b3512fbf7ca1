import { expect, screen, waitFor, within } from 'storybook/test';

/**
 * How long a play waits for what a screen loads: supabase-js and the data come lazily, and on a
 * busy 2-core machine the first answer can take seconds.
 */
export const SLOW = { timeout: 20_000 };

/** Waits for a toast (sonner fades it in, so it is briefly invisible) and checks it is shown. */
export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(screen.getByText(text)).toBeVisible(), SLOW);
}

/** Waits until the screen has navigated (see StoryLocation in decorators.tsx) to a path. */
export async function expectNavigatedTo(canvasElement: HTMLElement, path: string): Promise<void> {
  const location = await within(canvasElement).findByTestId('story-location', {}, SLOW);
  await expect(location).toHaveTextContent(`Navigated to ${path}`);
}
