import type { Meta, StoryObj } from '@storybook/react-vite';
import { RESEARCH_POINTS_MAX } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { removeItem, storageKeys, writeItem } from '../../storage/browserStorage';
import { type AppStoryParameters, sessionAs, withApp } from '../../test-support';
import Research from '.';

const meta = {
  title: 'Screens/Research',
  component: Research,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/research', session: sessionAs('investor') } satisfies AppStoryParameters,
  },
  // The counter lives in localStorage; every story starts from zero unless it says otherwise.
  beforeEach: () => {
    removeItem(storageKeys.researchPoints);
  },
} satisfies Meta<typeof Research>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Markets/Research (Beta)' })).toBeVisible();
    await expect(canvas.getByText(`0 of ${RESEARCH_POINTS_MAX}`)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Mark as read: EU solar outlook 2025' }));
    await expect(canvas.getByText(`1 of ${RESEARCH_POINTS_MAX}`)).toBeVisible();
    // A piece earns its point once.
    await expect(canvas.getByRole('button', { name: 'EU solar outlook 2025: read' })).toBeDisabled();
    await expect(localStorage.getItem(storageKeys.researchPoints)).toBe('1');
  },
};

/** Reading every piece stops the counter at the cap of 5. */
export const CappedAtFive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const buttons = canvas.getAllByRole('button', { name: /^Mark as read: / });
    await expect(buttons.length).toBeGreaterThan(RESEARCH_POINTS_MAX);
    for (const button of buttons) await userEvent.click(button);
    await expect(canvas.getByText(`${RESEARCH_POINTS_MAX} of ${RESEARCH_POINTS_MAX}`)).toBeVisible();
    await expect(
      canvas.getByText(`You've earned the maximum of ${RESEARCH_POINTS_MAX} research points.`),
    ).toBeVisible();
    await expect(localStorage.getItem(storageKeys.researchPoints)).toBe(String(RESEARCH_POINTS_MAX));
  },
};

/** A stored value above the cap (an older build, a hand edit) still reads 5. */
export const StoredAboveCap: Story = {
  beforeEach: () => {
    writeItem(storageKeys.researchPoints, '42');
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(`${RESEARCH_POINTS_MAX} of ${RESEARCH_POINTS_MAX}`)).toBeVisible();
  },
};

/** Default on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const DefaultPhone: Story = {
  ...Default,
  name: 'Default — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
