import type { Meta, StoryObj } from '@storybook/react-vite';
import type { User } from '@vault/domain';
import { expect, userEvent, within } from 'storybook/test';
import { kycSessionAnswers, tableAnswers } from '../../../../../mocks/story';
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

/** The member with this KYC status (their token carries the same profile row to the story backend). */
function withStatus(kycStatus: string): User {
  return { ...storyUsers.walletInvestor, kycStatus };
}

/** The member's `kyc_cases` row as the server wrote it with its decision (read with their profile). */
function kycCaseWith(reason: string) {
  const at = new Date().toISOString();
  return tableAnswers.serverRows('kyc_cases', [
    {
      member_id: storyUsers.walletInvestor.id,
      reason,
      submitted_at: at,
      decided_at: at,
      provider_applicant_id: null,
      updated_at: at,
    },
  ]);
}

const rejectionReason = 'The photo of your identity document is blurred.';
const resubmissionReason = 'Please add a proof of address from the last three months.';

/** Not started: Continue submits the verification, then goes to the dashboard. */
export const NotStartedContinue: Story = {
  parameters: {
    app: { url: '/kyc-verification', session: sessionAs('investor', withStatus('not_started')) },
    msw: { handlers: [...kycSessionAnswers.pending] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not verified')).toBeVisible();
    canvas.getByRole('button', { name: 'Continue' }).focus();
    await userEvent.keyboard('{Enter}');
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** Pending: "Under review"; Continue goes on without submitting again (a submission would fail here). */
export const Pending: Story = {
  parameters: {
    app: { url: '/kyc-verification', session: sessionAs('investor', withStatus('pending')) },
    msw: { handlers: [...kycSessionAnswers.unavailable] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Under review')).toBeVisible();
    await expect(canvas.getByText('We have your verification and will tell you once it is reviewed.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Start again' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** Rejected: the reason the server kept; a rejection is final for the member, so nothing restarts it. */
export const RejectedWithReason: Story = {
  parameters: {
    app: { url: '/kyc-verification', session: sessionAs('investor', withStatus('rejected')) },
    msw: { handlers: [...kycSessionAnswers.pending, kycCaseWith(rejectionReason)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not approved')).toBeVisible();
    const decision = canvas.getByRole('region', { name: 'Verification decision' });
    await expect(decision).toHaveTextContent(
      'Your identity verification was not approved. Contact support if you think this is wrong.',
    );
    await expect(await within(decision).findByText(`Reason: ${rejectionReason}`, {}, SLOW)).toBeVisible();
    await expect(within(decision).queryByRole('button', { name: 'Start again' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Continue' })).toBeDisabled();
  },
};

/** Resubmission requested: the reason, and Start again reached from the keyboard. */
export const ResubmissionRequested: Story = {
  parameters: {
    app: { url: '/kyc-verification', session: sessionAs('investor', withStatus('resubmission_requested')) },
    msw: { handlers: [...kycSessionAnswers.pending, kycCaseWith(resubmissionReason)] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('More information needed')).toBeVisible();
    const decision = canvas.getByRole('region', { name: 'Verification decision' });
    await expect(decision).toHaveTextContent('Please submit your identity verification again.');
    await expect(await within(decision).findByText(`Reason: ${resubmissionReason}`, {}, SLOW)).toBeVisible();
    within(decision).getByRole('button', { name: 'Start again' }).focus();
    await userEvent.keyboard(' ');
    await expect(await canvas.findByText('Under review', {}, SLOW)).toBeVisible();
  },
};

/** The provider is down: the server's message, on the page, and nothing moves. */
export const SubmitFails: Story = {
  parameters: {
    app: { url: '/kyc-verification', session: sessionAs('investor', withStatus('not_started')) },
    msw: { handlers: [...kycSessionAnswers.unavailable] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const continueButton = canvas.getByRole('button', { name: 'Continue' });
    await userEvent.click(continueButton);
    const alert = await canvas.findByText(
      'Your verification could not be submitted: The verification provider is unavailable',
      {},
      SLOW,
    );
    await expect(alert).toHaveAttribute('role', 'alert');
    await expect(continueButton).toHaveAccessibleDescription(alert.textContent ?? '');
    await expect(canvas.getByText('Not verified')).toBeVisible();
    await expect(canvas.queryByTestId('story-location')).toBeNull();
  },
};

/** Explanation on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const ExplanationPhone: Story = {
  ...Explanation,
  name: 'Explanation — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
