import { expect, screen, waitFor, within } from 'storybook/test';

/** Waits for a toast (sonner fades it in, so it is briefly invisible) and checks it is shown. */
export async function expectToast(text: string): Promise<void> {
  await waitFor(() => expect(screen.getByText(text)).toBeVisible(), { timeout: 10000 });
}

/** Waits until the screen has navigated (see StoryLocation in decorators.tsx) to a path. */
export async function expectNavigatedTo(canvasElement: HTMLElement, path: string): Promise<void> {
  const location = await within(canvasElement).findByTestId('story-location', {}, { timeout: 10000 });
  await expect(location).toHaveTextContent(`Navigated to ${path}`);
}
