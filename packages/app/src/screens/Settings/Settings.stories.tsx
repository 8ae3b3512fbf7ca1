import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  DEMO_WALLET_PREFIX,
  messages,
  type PreferenceChannel,
  preferenceChannels,
  preferenceMessages,
  type Session,
} from '@vault/domain';
import { delay, HttpResponse, http } from 'msw';
import { useEffect, useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { recordedRpc, tableAnswers, walletAnswers } from '../../../../../mocks/story';
import { createAppSessionStore, SessionProvider } from '../../session/SessionProvider';
import {
  type AppStoryParameters,
  expectNavigatedTo,
  expectToast,
  SLOW,
  sessionAs,
  storyUsers,
  withApp,
} from '../../test-support';
import { useStorySessionArea } from '../../test-support/authSeed';
import Settings from '.';

const meta = {
  title: 'Screens/Settings',
  component: Settings,
  decorators: [withApp],
  parameters: {
    layout: 'padded',
    app: { url: '/settings', session: sessionAs('investor') } satisfies AppStoryParameters,
  },
} satisfies Meta<typeof Settings>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Every section of the page. */
export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const title of [
      'Wallet',
      'Personal information',
      'Profile verification',
      'Communication preferences',
      'Security',
      'Delete account',
    ]) {
      await expect(canvas.getByRole('region', { name: title })).toBeVisible();
    }
    await expect(canvas.getByLabelText('Full name')).toHaveValue(storyUsers.newInvestor.name);
    await userEvent.click(canvas.getByRole('switch', { name: 'SMS alerts' }));
    await expect(canvas.getByRole('switch', { name: 'SMS alerts' })).toBeChecked();
  },
};

/** Save shows success, without validation. */
export const SavePersonalInfo: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByLabelText('Full name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Your personal information has been saved');
  },
};

/** Create Wallet: disabled while it works, then the success toast and the new wallet id. */
export const CreateWalletSucceeds: Story = {
  parameters: { msw: { handlers: [walletAnswers.success] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create Wallet' }));
    await expect(canvas.getByRole('button', { name: 'Creating Wallet…' })).toBeDisabled();
    await expect(await canvas.findByText('Wallet ID:', {}, SLOW)).toBeVisible();
    await expectToast(messages.walletCreated);
    await expect(canvas.queryByRole('button', { name: 'Create Wallet' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Open your wallet' })).toHaveAttribute('href', '/wallet');
  },
};

/** A failure: 'Failed to create wallet' with the underlying message, nothing changed, the button ready again. */
function failing(handler: (typeof walletAnswers)[keyof typeof walletAnswers], message: RegExp): Story {
  return {
    parameters: { msw: { handlers: [handler] } },
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await userEvent.click(canvas.getByRole('button', { name: 'Create Wallet' }));
      const toast = (await screen.findByText(messages.walletFailed, {}, SLOW)).closest('li');
      if (!toast) throw new Error('the failure toast is not a toast');
      await expect(toast).toHaveTextContent(message);
      await expect(await canvas.findByRole('button', { name: 'Create Wallet' }, SLOW)).toBeEnabled();
      await expect(canvas.queryByText('Wallet ID:')).toBeNull();
    },
  };
}

/** `success: false` with an error from the function. */
export const CreateWalletFails = failing(walletAnswers.failure, /Wallet provider is temporarily unavailable/);
/** HTTP 500. */
export const CreateWalletServerError = failing(walletAnswers.serverError, /HTTP 500/);
/** The network fails. */
export const CreateWalletNetworkError = failing(walletAnswers.networkError, /could not be reached/);
/** The answer is not JSON. */
export const CreateWalletInvalidJson = failing(walletAnswers.invalidJson, /could not be read|could not be reached/);
/** `success: true` without a wallet id. */
export const CreateWalletNoWalletId = failing(walletAnswers.noWalletId, /did not return a wallet id/);

/** The wallet function's requests in this story (a spy: empty at every story's start). */
const walletRequests = fn().mockName('create-crossmint-wallet');

/** A double click sends one request. */
export const DoubleClickSendsOneRequest: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('*/functions/v1/create-crossmint-wallet', async () => {
          walletRequests();
          await delay(300);
          return HttpResponse.json({ success: true, walletId: 'cm-wallet-story-double' });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.dblClick(canvas.getByRole('button', { name: 'Create Wallet' }));
    await expect(await canvas.findByText('cm-wallet-story-double', {}, SLOW)).toBeVisible();
    await expectToast(messages.walletCreated);
    await expect(walletRequests).toHaveBeenCalledTimes(1);
  },
};

/** The demo wallet id the server makes (`demo_create_wallet`), and any PATCH of a profile row. */
const demoWallet = recordedRpc('demo_create_wallet', () => `${DEMO_WALLET_PREFIX}story-ada`);
const profilePatches = fn().mockName('profile PATCH');

/**
 * Demo mode asks the server for a demo wallet id (`rpc('demo_create_wallet')`) instead of calling
 * the wallet function; the client never PATCHes the server-owned id.
 */
export const DemoWalletCreation: Story = {
  parameters: {
    app: { url: '/settings', session: sessionAs('investor'), demo: true },
    msw: {
      handlers: [
        demoWallet.handler,
        http.patch('*/rest/v1/profiles', () => {
          profilePatches();
          return new HttpResponse(null, { status: 204 });
        }),
        http.post('*/functions/v1/create-crossmint-wallet', () =>
          HttpResponse.json({ success: false, error: 'not in demo' }),
        ),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create Wallet' }));
    // The id the server made is the one shown.
    await expect(await canvas.findByText(`${DEMO_WALLET_PREFIX}story-ada`, {}, SLOW)).toBeVisible();
    await expectToast(messages.walletCreated);
    await expect(demoWallet.calls).toHaveLength(1);
    await expect(profilePatches).not.toHaveBeenCalled();
  },
};

/** With a wallet: its id and a link to it, no Create Wallet button. */
export const WithWallet: Story = {
  parameters: { app: { url: '/settings', session: sessionAs('investor', storyUsers.walletInvestor) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(storyUsers.walletInvestor.crossmintWalletId ?? '')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Create Wallet' })).toBeNull();
    await expect(canvas.getByText('Not verified')).toBeVisible();
  },
};

/** KYC not approved: Continue KYC says where it goes and opens the KYC page. */
export const ContinueKyc: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Continue KYC' }));
    await expectToast('Opening Complete KYC…');
    await expectNavigatedTo(canvasElement, '/kyc-verification');
  },
};

/** Delete Account toggles the confirm box; the typed text is not checked; confirming logs out to /. */
export const DeleteAccount: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Delete Account' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    await expect(canvas.queryByLabelText('Type DELETE MY ACCOUNT')).toBeNull();
    await userEvent.click(toggle);
    await userEvent.type(canvas.getByLabelText('Type DELETE MY ACCOUNT'), 'not the phrase');
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm Deletion' }));
    await expectToast(messages.loggedOut);
    await waitFor(() => expect(canvas.getByTestId('story-location')).toHaveTextContent(/^Navigated to \/$/));
  },
};

const channel = (id: string): PreferenceChannel => {
  const found = preferenceChannels.find((c) => c.id === id);
  if (!found) throw new Error(`no preference channel "${id}"`);
  return found;
};
const email = channel('email');
const sms = channel('sms');
const newsletter = channel('news');

/** Remounts the screen of `ReloadableSettings` (set while it is mounted). */
let reloadSettings: () => void = () => {
  throw new Error('the reloadable Settings screen is not mounted');
};

/**
 * The screen under a session store of its own, made again on every reload exactly as at the
 * story's start: its cached profile is the story's user, who has no preferences, so what the
 * switches show after a reload can only come from the profile read back (its handler answers the saved change).
 */
function FreshSettings({ session }: { session: Session }) {
  const makeArea = useStorySessionArea(session);
  const [store] = useState(() => createAppSessionStore({ area: makeArea(), initial: { session } }));
  return (
    <SessionProvider store={store}>
      <Settings />
    </SessionProvider>
  );
}

function ReloadableSettings({ session }: { session: Session }) {
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    reloadSettings = () => setGeneration((current) => current + 1);
  }, []);
  return <FreshSettings key={generation} session={session} />;
}

const investor = sessionAs('investor');

/** The member's profile keeping this story's writes: a read after a save answers the saved value. */
const keptProfile = tableAnswers.profileKeepingWrites();

/**
 * A toggle is saved on the member's profile: switched off, it is still off after a reload (a new
 * session store, its profile read again from the backend), and the other channels keep their defaults.
 */
export const PreferenceKeptAfterReload: Story = {
  parameters: { app: { url: '/settings', session: investor }, msw: { handlers: keptProfile.handlers } },
  render: () => <ReloadableSettings session={investor} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const before = canvas.getByRole('switch', { name: email.label });
    await expect(before).toBeChecked();
    await userEvent.click(before);
    // Optimistic: the switch moves at once.
    await expect(before).not.toBeChecked();
    await expectToast(preferenceMessages.saved(email));
    await expect(keptProfile.patches).toHaveBeenCalledWith({ preferences: { email: false } });

    reloadSettings();
    // A new screen: the old switch is gone, and the new one shows the stored value once read.
    await waitFor(() => expect(canvas.getByRole('switch', { name: email.label })).not.toBe(before), SLOW);
    await waitFor(() => expect(canvas.getByRole('switch', { name: email.label })).not.toBeChecked(), SLOW);
    await expect(canvas.getByRole('switch', { name: sms.label })).not.toBeChecked();
    await expect(canvas.getByRole('switch', { name: newsletter.label })).toBeChecked();
  },
};

/** The profile PATCHes of this story (a spy: empty at every story's start). */
const preferencePatches = fn().mockName('profile PATCH');

/** The save fails (HTTP 500): the switch moves back and an error toast names the preference and the cause. */
export const PreferenceSaveFails: Story = {
  parameters: {
    msw: {
      handlers: [
        http.patch('*/rest/v1/profiles', async () => {
          preferencePatches();
          await delay(300);
          return HttpResponse.json({ message: 'Service unavailable' }, { status: 500 });
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('switch', { name: sms.label });
    await expect(toggle).not.toBeChecked();
    // Space on the focused switch, as a keyboard user toggles it.
    toggle.focus();
    await userEvent.keyboard(' ');
    await expect(toggle).toBeChecked();
    // Still usable while the save is under way.
    await expect(toggle).toBeEnabled();
    const toast = (await screen.findByText(preferenceMessages.failed(sms), {}, SLOW)).closest('li');
    if (!toast) throw new Error('the failure toast is not a toast');
    await expect(toast).toHaveTextContent('Service unavailable');
    await expect(toggle).not.toBeChecked();
    await expect(preferencePatches).toHaveBeenCalledTimes(1);
  },
};

/** Overview on a 390 px phone (tag `phone`: the visual test shoots it at that width). */
export const OverviewPhone: Story = {
  ...Overview,
  name: 'Overview — phone',
  tags: ['phone'],
  globals: { viewport: { value: 'phone', isRotated: false } },
};
