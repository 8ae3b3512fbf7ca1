import type { Meta, StoryObj } from '@storybook/react-vite';
import { actionErrors, agreementSections, currentAgreement, messages } from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { recordedRpc, tableAnswers } from '../../../../../mocks/story';
import {
  type AppStoryParameters,
  expectNavigatedTo,
  expectToast,
  SLOW,
  sessionAs,
  signedOutSession,
  withApp,
} from '../../test-support';
import Agreement from '.';

const investor = sessionAs('investor');
const investorId = investor.user?.id ?? '';

/** The member's signature as `sign_agreement` keeps it (and the table then reads it). */
const signatureRow = {
  id: '5160ed00-0000-4000-8000-000000000002',
  member_id: investorId,
  version: currentAgreement.version,
  document_sha256: currentAgreement.sha256,
  signed_at: '2026-03-02T10:15:00.000Z',
};

/** `sign_agreement` signing: every story starts unsigned, and its calls are its own. */
const signing = recordedRpc('sign_agreement', () => signatureRow);

const meta = {
  title: 'Screens/Agreement',
  component: Agreement,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { url: '/agreement', session: investor } satisfies AppStoryParameters,
    msw: { handlers: [signing.handler] },
  },
} satisfies Meta<typeof Agreement>;
export default meta;
type Story = StoryObj<typeof meta>;

async function termsOf(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const terms = await canvas.findByRole(
    'checkbox',
    { name: /I have read and agree to the membership agreement terms/ },
    SLOW,
  );
  return { canvas, terms, sign: canvas.getByRole('button', { name: 'Sign Agreement' }) };
}

/** Unticked, Sign Agreement reads as disabled, and an attempt says why; ticked, signing goes on to /dashboard. */
export const TickboxGating: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, terms, sign } = await termsOf(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Membership Agreement' })).toBeVisible();
    await expect(sign).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(sign);
    await expectToast(messages.agreeToTerms);
    await expect(canvas.queryByTestId('story-location')).toBeNull();

    await userEvent.click(terms);
    await expect(terms).toBeChecked();
    await expect(sign).toHaveAttribute('aria-disabled', 'false');
    await userEvent.click(sign);
    await expectToast('Agreement signed successfully');
    await expectNavigatedTo(canvasElement, '/dashboard');
    // One call signs the current version and hash, the text the screen shows.
    await expect(signing.calls).toEqual([
      { version: currentAgreement.version, document_sha256: currentAgreement.sha256 },
    ]);
  },
};

/** The screen shows the domain's agreement, section for section (the text whose hash is signed). */
export const AgreementText: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = canvas.getByRole('region', { name: 'Agreement text' });
    for (const section of agreementSections) {
      await expect(within(text).getByRole('heading', { name: section.title })).toBeVisible();
      await expect(within(text).getByText(section.body)).toBeVisible();
    }
  },
};

/** The keyboard path: tick with Space, sign with Enter. */
export const KeyboardSigning: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, terms } = await termsOf(canvasElement);
    terms.focus();
    await userEvent.keyboard(' ');
    await expect(terms).toBeChecked();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Sign Agreement' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectNavigatedTo(canvasElement, '/dashboard');
  },
};

/** A member who signed earlier sees when, instead of the form. */
export const Signed: Story = {
  parameters: { msw: { handlers: [tableAnswers.rows('agreement_signatures', [signatureRow])] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Signed on 2 Mar 2026', {}, SLOW)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Sign Agreement' })).toBeNull();
    await expect(canvas.queryByRole('checkbox')).toBeNull();
  },
};

/** While the server signs, the button says so and takes no second click. */
export const SigningPending: Story = {
  parameters: { msw: { handlers: [http.post('*/rest/v1/rpc/sign_agreement', () => delay('infinite'))] } },
  play: async ({ canvasElement }) => {
    const { canvas, terms, sign } = await termsOf(canvasElement);
    await userEvent.click(terms);
    await userEvent.click(sign);
    const busy = await canvas.findByRole('button', { name: 'Signing…' }, SLOW);
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(busy).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.queryByTestId('story-location')).toBeNull();
  },
};

/** The server refuses (a version or hash that is not current): its message, and the form stays. */
export const SignError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/rest/v1/rpc/sign_agreement', () =>
          HttpResponse.json({ ...actionErrors.notCurrentAgreement, details: null, hint: null }, { status: 400 }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const { canvas, terms, sign } = await termsOf(canvasElement);
    await userEvent.click(terms);
    await userEvent.click(sign);
    const alert = await canvas.findByRole('alert', {}, SLOW);
    await expect(alert).toHaveTextContent(actionErrors.notCurrentAgreement.message);
    await expect(canvas.getByRole('button', { name: 'Sign Agreement' })).toBeVisible();
    await expect(canvas.queryByTestId('story-location')).toBeNull();
  },
};

/** Signed out (the page is public): the form, and signing asks for a session. */
export const SignedOut: Story = {
  parameters: { app: { url: '/agreement', session: signedOutSession } satisfies AppStoryParameters },
  play: async ({ canvasElement }) => {
    const { canvas, terms, sign } = await termsOf(canvasElement);
    await userEvent.click(terms);
    await userEvent.click(sign);
    await expect(await canvas.findByRole('alert', {}, SLOW)).toHaveTextContent(messages.notAuthenticated);
  },
};

/** TickboxGating on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const TickboxGatingPhone: Story = {
  ...TickboxGating,
  name: 'Tickbox Gating — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
