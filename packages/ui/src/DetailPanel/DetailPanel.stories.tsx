import { Button } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { StatusBadge } from '../StatusBadge';
import { DetailPanel, DetailPanelLayout } from './DetailPanel';

const fields = [
  { label: 'Email', value: 'ada@example.com' },
  { label: 'Submitted at', value: '12 Jan 2026, 09:14' },
  { label: "Provider's result", value: <StatusBadge status="approved" /> },
  { label: 'Wallet', value: '0x5a1f…9c02' },
];

const actions = (
  <>
    <Button type="button">Approve</Button>
    <Button type="button" color="red" variant="soft">
      Reject
    </Button>
    <Button type="button" variant="soft">
      Request resubmission
    </Button>
  </>
);

/** A list with an Open button and the panel it opens, as a console screen lays them out. */
function ListWithPanel({ onClose, initiallyOpen = false }: { onClose: () => void; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <DetailPanelLayout
      list={
        <ul aria-label="Members" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          <li>
            <Button type="button" variant="soft" onClick={() => setOpen(true)}>
              Open Ada Lovelace
            </Button>
          </li>
        </ul>
      }
      detail={
        open ? (
          <DetailPanel
            title="Ada Lovelace"
            subtitle="Member since 3 Jan 2026"
            fields={fields}
            actions={actions}
            onClose={() => {
              setOpen(false);
              onClose();
            }}
          />
        ) : null
      }
    />
  );
}

const meta = {
  title: 'Console/DetailPanel',
  component: ListWithPanel,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "A record's details beside a console's list: a heading, the fields as a definition list, the record's actions and a close button (Escape closes too). Focus moves to the heading when it opens and back where it was when it closes. `DetailPanelLayout` puts it beside the list from 1024 px and below the list on narrower screens.\n\n**When to use:** for the record selected in a ConsoleTable.\n\n**When not:** for a form (a dialog or a page) or a confirmation (ReasonDialog).",
      },
    },
  },
  args: { onClose: fn() },
} satisfies Meta<typeof ListWithPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The panel's fields as terms and values, its actions, and its close button. */
export const Default: Story = {
  args: { initiallyOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByRole('region', { name: 'Ada Lovelace' });
    const terms = panel.querySelectorAll('dt');
    await expect([...terms].map((term) => term.textContent)).toEqual([
      'Email',
      'Submitted at',
      "Provider's result",
      'Wallet',
    ]);
    await expect(panel.querySelector('dd')).toHaveTextContent('ada@example.com');
    await expect(within(panel).getByText('Approved')).toBeVisible();
    await expect(within(panel).getByRole('button', { name: 'Request resubmission' })).toBeVisible();
    await expect(within(panel).getByRole('button', { name: 'Close details' })).toBeVisible();
    // Beside the list at 1024 px.
    const list = canvas.getByRole('list', { name: 'Members' }).getBoundingClientRect();
    await expect(panel.getBoundingClientRect().left).toBeGreaterThan(list.left + 100);
  },
};

/** Opening moves focus to the panel's heading; closing returns it to the button that opened it. */
export const FocusInAndBack: Story = {
  name: 'Focus moves in and back',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Open Ada Lovelace' });
    await userEvent.click(opener);
    const heading = await canvas.findByRole('heading', { name: 'Ada Lovelace' });
    await waitFor(() => expect(heading).toHaveFocus());
    await userEvent.click(canvas.getByRole('button', { name: 'Close details' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('region', { name: 'Ada Lovelace' })).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** Escape inside the panel closes it, and focus goes back. */
export const EscapeCloses: Story = {
  name: 'Escape closes',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Open Ada Lovelace' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByRole('heading', { name: 'Ada Lovelace' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** At phone width the panel sits below the list, full width. */
export const Narrow: Story = {
  name: 'Narrow (phone)',
  tags: ['phone'],
  globals: { viewport: { value: 'phoneSmall' } },
  args: { initiallyOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const panel = canvas.getByRole('region', { name: 'Ada Lovelace' }).getBoundingClientRect();
    const list = canvas.getByRole('list', { name: 'Members' }).getBoundingClientRect();
    await expect(panel.top).toBeGreaterThanOrEqual(list.bottom);
  },
};
