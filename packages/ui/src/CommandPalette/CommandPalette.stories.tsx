import { Button, Flex, Text } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { messages, type PaletteSection, paletteFor, type Session, signedOut, type User } from '@vault/domain';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { CommandPalette, type CommandPaletteProps } from './CommandPalette';
import { useCommandPaletteShortcut } from './useCommandPaletteShortcut';

const investor: User = {
  id: 'user-ada',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'investor',
  kycStatus: 'approved',
  firstOnrampOk: true,
  crossmintWalletId: 'wallet-ada-001',
};
const as = (role: User['role'], isAdmin = false): Session => ({ user: { ...investor, role }, isAdmin });

/** What an app does: owns `open`, toggles it with Ctrl/Cmd+K, and has something to focus. */
function PaletteHarness({ open: initiallyOpen, onOpenChange, ...props }: CommandPaletteProps) {
  const [open, setOpen] = useState(initiallyOpen);
  useCommandPaletteShortcut(() => setOpen((was) => !was));
  const change = (next: boolean) => {
    onOpenChange(next);
    setOpen(next);
  };
  return (
    <Flex direction="column" gap="3" align="start">
      <Text as="p" size="2" color="gray">
        {messages.paletteHint}
      </Text>
      <Button variant="soft" onClick={() => change(true)}>
        Open command palette
      </Button>
      <CommandPalette {...props} open={open} onOpenChange={change} />
    </Flex>
  );
}

const meta = {
  title: 'Components/CommandPalette',
  component: CommandPalette,
  render: (args) => <PaletteHarness {...args} />,
  args: { open: false, onOpenChange: fn(), onSelect: fn(), sections: paletteFor(as('investor')) },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof CommandPalette>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** Every entry of docs/product.md §2 'Command palette', by group. */
const everyEntry = {
  Navigation: [
    'Go to Dashboard',
    'Explore Opportunities',
    'View Portfolio',
    'Open Wallet',
    'View Documents',
    'Account Settings',
    'Support',
  ],
  Admin: ['Manage Users', 'Compliance Center', 'Reports'],
  Account: ['Logout'],
} as const;
const investorOnly = ['Explore Opportunities', 'View Portfolio', 'Open Wallet'];
const unrestrictedNavigation = everyEntry.Navigation.filter((label) => !investorOnly.includes(label));

/** Radix's open and close animations; generous, since a busy CI machine drops frames. */
const animationTimeout = 5000;

/** The palette once it is on screen (its code loads on first open, then it fades in). */
async function paletteShown(): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  await waitFor(() => expect(dialog).toBeVisible(), { timeout: animationTimeout });
  return dialog;
}

async function openByButton(canvas: Canvas): Promise<HTMLElement> {
  await userEvent.click(canvas.getByRole('button', { name: 'Open command palette' }));
  return paletteShown();
}

async function expectClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: animationTimeout });
}

/** The palette's groups in their order: product.md's entries, then the consoles the route table lets in. */
const groupOrder = ['Navigation', 'Admin', 'Consoles', 'Account'] as const;
type Shown = Partial<Record<(typeof groupOrder)[number], readonly string[]>>;

/** Opens the palette and checks exactly which groups and entries this person is offered. */
function expectEntries(expected: Shown): Story['play'] {
  return async ({ canvasElement }) => {
    const dialog = within(await openByButton(within(canvasElement)));
    await expect(dialog.getByRole('combobox')).toHaveFocus();
    await expect(dialog.getByPlaceholderText('Search pages and actions…')).toBeVisible();
    for (const group of groupOrder) {
      const labels = expected[group];
      if (labels === undefined) {
        await expect(dialog.queryByRole('group', { name: group })).toBeNull();
        continue;
      }
      const options = within(dialog.getByRole('group', { name: group })).getAllByRole('option');
      await expect(options.map((option) => option.textContent)).toEqual(labels);
    }
    // No entry of product.md's list is offered in any group it was not expected in.
    const offered = new Set(Object.values(expected).flat());
    for (const label of Object.values(everyEntry).flat()) {
      if (!offered.has(label)) await expect(dialog.queryByRole('option', { name: label })).toBeNull();
    }
  };
}

/** Signed out: only the entries with no role restriction. */
export const SignedOut: Story = {
  name: 'Signed out',
  args: { sections: paletteFor(signedOut) },
  play: expectEntries({ Navigation: unrestrictedNavigation, Account: everyEntry.Account }),
};

/** An investor: every Navigation entry, no Admin group. */
export const Investor: Story = {
  name: 'As investor',
  args: { sections: paletteFor(as('investor')) },
  play: expectEntries({ Navigation: everyEntry.Navigation, Account: everyEntry.Account }),
};

/** mfo_admin sees every entry, Admin group included. */
export const MfoAdmin: Story = {
  name: 'As mfo_admin',
  args: { sections: paletteFor(as('mfo_admin', true)) },
  play: expectEntries({
    ...everyEntry,
    // The admin flag opens every console; those the Admin group already leads to are not repeated.
    Consoles: ['Offerings', 'Investments', 'Loans', 'Assets', 'KYC', 'Audit'],
  }),
};

/** compliance: unrestricted entries (no investor pages, no Admin group), and the consoles it works. */
export const Compliance: Story = {
  name: 'As compliance',
  args: { sections: paletteFor(as('compliance')) },
  play: expectEntries({
    Navigation: unrestrictedNavigation,
    Consoles: ['Reports', 'Offerings', 'KYC', 'Audit'],
    Account: everyEntry.Account,
  }),
};

/** Ctrl+K opens the palette from anywhere and closes it again; focus goes back to where it was. */
export const CtrlKToggles: Story = {
  name: 'Ctrl+K toggles',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const opener = canvas.getByRole('button', { name: 'Open command palette' });
    await expect(opener).toHaveFocus();
    await expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = await paletteShown();
    await expect(within(dialog).getByRole('combobox')).toHaveFocus();
    await userEvent.keyboard('{Control>}k{/Control}');
    await expectClosed();
    await waitFor(() => expect(opener).toHaveFocus());
    // K alone, or Ctrl+Shift+K, does nothing.
    await userEvent.keyboard('k');
    await userEvent.keyboard('{Control>}{Shift>}k{/Shift}{/Control}');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** Cmd+K (the Mac shortcut) does the same. */
export const CmdKToggles: Story = {
  name: 'Cmd+K toggles (Mac)',
  play: async () => {
    await expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.keyboard('{Meta>}k{/Meta}');
    const dialog = await paletteShown();
    await expect(within(dialog).getByRole('option', { name: 'Go to Dashboard' })).toBeVisible();
    await userEvent.keyboard('{Meta>}k{/Meta}');
    await expectClosed();
  },
};

/** Typing narrows the list to the matching entries. */
export const TypingFilters: Story = {
  name: 'Typing filters',
  play: async ({ canvasElement }) => {
    const dialog = within(await openByButton(within(canvasElement)));
    await expect(dialog.getAllByRole('option')).toHaveLength(8);
    await userEvent.type(dialog.getByRole('combobox'), 'wallet');
    await waitFor(() => expect(dialog.getAllByRole('option').map((o) => o.textContent)).toEqual(['Open Wallet']));
    await expect(dialog.queryByRole('option', { name: 'Go to Dashboard' })).toBeNull();
    await expect(dialog.queryByText('No results found.')).toBeNull();
    await userEvent.clear(dialog.getByRole('combobox'));
    await waitFor(() => expect(dialog.getAllByRole('option')).toHaveLength(8));
  },
};

/** A search that matches nothing says so. */
export const NoResults: Story = {
  name: "'No results found.'",
  play: async ({ canvasElement }) => {
    const dialog = within(await openByButton(within(canvasElement)));
    await waitFor(() => expect(dialog.getAllByRole('option')).toHaveLength(8));
    await expect(dialog.queryByText('No results found.')).toBeNull();
    await userEvent.type(dialog.getByRole('combobox'), 'zzzz');
    await expect(await dialog.findByText('No results found.')).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveTextContent('No results found.');
    await expect(dialog.queryAllByRole('option')).toHaveLength(0);
    await userEvent.clear(dialog.getByRole('combobox'));
    await waitFor(() => expect(dialog.queryByText('No results found.')).toBeNull());
  },
};

/** Escape closes the palette and focus returns to the button that opened it. */
export const EscapeClosesAndReturnsFocus: Story = {
  name: 'Escape closes, focus returns',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await openByButton(canvas);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard('{Escape}');
    await expectClosed();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Open command palette' })).toHaveFocus());
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** Choosing with the keyboard: filter, Enter; the palette closes and reports the entry. */
export const SelectWithKeyboard: Story = {
  name: 'Enter selects an entry',
  play: async ({ canvasElement, args }) => {
    const dialog = within(await openByButton(within(canvasElement)));
    await userEvent.type(dialog.getByRole('combobox'), 'settings');
    await waitFor(() => expect(dialog.getAllByRole('option').map((o) => o.textContent)).toEqual(['Account Settings']));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledTimes(1);
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'settings', href: '/settings' }));
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expectClosed();
  },
};

/** Choosing with the pointer, here the Logout action. */
export const SelectWithPointer: Story = {
  name: 'Click selects an entry',
  args: { sections: paletteFor(as('mfo_admin')) },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await openByButton(within(canvasElement)));
    await userEvent.click(dialog.getByRole('option', { name: 'Logout' }));
    await expect(args.onSelect).toHaveBeenCalledTimes(1);
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 'logout', action: 'logout' }));
    await expectClosed();
  },
};

/** Arrow keys move through the entries, across groups. */
export const ArrowKeysMove: Story = {
  name: 'Arrow keys move the selection',
  args: { sections: paletteFor(as('mfo_admin')) },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await openByButton(within(canvasElement)));
    const selected = () => dialog.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');
    await waitFor(() => expect(selected()?.textContent).toBe('Go to Dashboard'));
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(selected()?.textContent).toBe('Logout'));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(selected()?.textContent).toBe('Explore Opportunities'));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSelect).toHaveBeenCalledWith(expect.objectContaining({ href: '/opportunities' }));
  },
};

/** The list never grows past 300px; the rest scrolls. */
export const ListMaxHeight: Story = {
  name: 'List is at most 300px high',
  args: { sections: paletteFor(as('mfo_admin')) },
  play: async ({ canvasElement }) => {
    const dialog = within(await openByButton(within(canvasElement)));
    const list = dialog.getByRole('listbox');
    await expect(getComputedStyle(list).maxHeight).toBe('300px');
    await expect(list.getBoundingClientRect().height).toBeLessThanOrEqual(300);
    await expect(list.scrollHeight).toBeGreaterThan(300);
  },
};

/** Nothing to show: an empty palette still opens and says so. */
export const NoSections: Story = {
  name: 'No entries at all',
  args: { sections: [] satisfies PaletteSection[] },
  play: async ({ canvasElement }) => {
    const dialog = within(await openByButton(within(canvasElement)));
    await expect(dialog.queryAllByRole('option')).toHaveLength(0);
    await expect(dialog.getByText('No results found.')).toBeVisible();
  },
};

/** A click on the dimmed page around the palette closes it, choosing nothing. */
export const ClickOutsideCloses: Story = {
  name: 'Click outside closes',
  play: async ({ canvasElement, args }) => {
    const dialog = await openByButton(within(canvasElement));
    const box = dialog.getBoundingClientRect();
    // A point on the backdrop, below the panel.
    await userEvent.pointer({
      keys: '[MouseLeft]',
      target: dialog,
      coords: { clientX: box.left + 4, clientY: box.bottom + 40 },
    });
    await expectClosed();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(args.onSelect).not.toHaveBeenCalled();
  },
};

/** Closed and opened again, the palette starts afresh: an empty search, every entry, the first one selected. */
export const ReopensAfresh: Story = {
  name: 'Reopens with an empty search',
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    let dialog = within(await openByButton(canvas));
    await userEvent.type(dialog.getByRole('combobox'), 'wallet');
    await waitFor(() => expect(dialog.getAllByRole('option')).toHaveLength(1));
    await userEvent.keyboard('{Escape}');
    await expectClosed();
    dialog = within(await openByButton(canvas));
    await expect(dialog.getByRole('combobox')).toHaveValue('');
    await expect(dialog.getByRole('combobox')).toHaveFocus();
    await expect(dialog.getAllByRole('option')).toHaveLength(8);
    const selected = dialog.getAllByRole('option').find((o) => o.getAttribute('aria-selected') === 'true');
    await expect(selected?.textContent).toBe('Go to Dashboard');
  },
};

/** Called when focus leaves the warm-up button: warming must not move focus, even for a moment. */
const warmButtonBlurred = fn();

/** An app that warms the palette once it is idle (`warm`), here from a button. */
function WarmHarness(props: CommandPaletteProps) {
  const [warm, setWarm] = useState(false);
  return (
    <Flex direction="column" gap="3" align="start">
      <Button variant="soft" onClick={() => setWarm(true)} onBlur={warmButtonBlurred}>
        Warm the palette
      </Button>
      <PaletteHarness {...props} warm={warm} />
    </Flex>
  );
}

/**
 * Warmed ahead of the first Ctrl+K: the closed dialog is mounted (shown and closed once, unseen, so
 * the first open costs no more than the next), nothing opens, and focus stays where the person is.
 */
export const WarmedAheadOfUse: Story = {
  name: 'Warmed ahead of use: nothing opens, focus stays',
  args: { onClose: fn() },
  render: (args) => <WarmHarness {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const warmButton = canvas.getByRole('button', { name: 'Warm the palette' });
    warmButtonBlurred.mockClear();
    await userEvent.click(warmButton);
    // Mounted: the closed <dialog> is in the document (its code loaded), and not shown.
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('dialog')).not.toBeNull(), {
      timeout: animationTimeout,
    });
    // The warm-up's round trip runs once the browser is idle: let that pass, twice over.
    for (let idle = 0; idle < 2; idle += 1) await new Promise((resolve) => window.requestIdleCallback(resolve));
    await expect(screen.queryByRole('dialog')).toBeNull();
    await expect(warmButton).toHaveFocus();
    await expect(warmButtonBlurred).not.toHaveBeenCalled();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(args.onClose).not.toHaveBeenCalled();
    // The first open then works as any other, and Escape brings focus back.
    await userEvent.keyboard('{Control>}k{/Control}');
    const dialog = within(await paletteShown());
    await expect(dialog.getByRole('combobox')).toHaveFocus();
    await expect(dialog.getAllByRole('option')).toHaveLength(8);
    await userEvent.keyboard('{Escape}');
    await expectClosed();
    await waitFor(() => expect(warmButton).toHaveFocus());
    // A real close is reported as ever.
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
  },
};

/**
 * Warmed with nothing focused: the dialog is shown and closed once, unseen (the browser's `close`
 * event fires), and the owner hears of neither, so no open or close is reported.
 */
export const WarmedWithNothingFocused: Story = {
  name: 'Warmed with nothing focused: the unseen round trip is not reported',
  args: { onClose: fn() },
  render: (args) => <WarmHarness {...args} />,
  play: async ({ canvasElement, args }) => {
    const doc = canvasElement.ownerDocument;
    let nativeCloses = 0;
    const countClose = () => {
      nativeCloses += 1;
    };
    doc.addEventListener('close', countClose, true);
    try {
      const warmButton = within(canvasElement).getByRole('button', { name: 'Warm the palette' });
      await userEvent.click(warmButton);
      warmButton.blur();
      await waitFor(() => expect(doc.querySelector('dialog')).not.toBeNull(), { timeout: animationTimeout });
      await waitFor(() => expect(nativeCloses).toBe(1), { timeout: animationTimeout });
      await expect(screen.queryByRole('dialog')).toBeNull();
      await expect(args.onClose).not.toHaveBeenCalled();
      await expect(args.onOpenChange).not.toHaveBeenCalled();
    } finally {
      doc.removeEventListener('close', countClose, true);
    }
  },
};
