import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  type AppStoryParameters,
  expectNavigatedTo,
  expectToast,
  SLOW,
  sessionAs,
  signedOutSession,
  storyUsers,
  withApp,
} from '../../test-support';
import KycVerification from '.';

const meta = {
  title: 'Screens/KycVerification',
  component: KycVerification,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: {
      url: '/kyc-verification',
      session: sessionAs('investor', storyUsers.walletInvestor),
    } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof KycVerification>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The explanation and both ways on; no demo button outside demo mode. */
export const Explanation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'How verification works' })).toBeVisible();
    await expect(canvas.getByText('Not verified')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Approve KYC (demo)' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** Skip for Now also goes to the dashboard. */
export const SkipForNow: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Skip for Now' }));
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** Demo mode: the button marks KYC approved through a profile refresh. */
export const DemoApprove: Story = {
  parameters: {
    app: { url: '/kyc-verification', session: sessionAs('investor', storyUsers.walletInvestor), demo: true },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Approve KYC (demo)' }));
    await expectToast('KYC approved');
    await expect(await canvas.findByText('Approved', {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Approve KYC (demo)' })).toBeNull();
  },
};

/** Signed out, even in demo mode, there is nobody to approve: no demo button. */
export const SignedOutDemo: Story = {
  parameters: { app: { url: '/kyc-verification', session: signedOutSession, demo: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Approve KYC (demo)' })).toBeNull();
  },
};

/** Explanation on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const ExplanationPhone: Story = {
  ...Explanation,
  name: 'Explanation — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
