import { Button } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { SummaryDialog } from './SummaryDialog';

interface DemoProps {
  onConfirm: () => void;
  onCancel: () => void;
  initiallyOpen?: boolean;
  pending?: boolean;
  /** Answer each confirm with this error, as a failed server call would. */
  failWith?: string;
}

/** A Confirm button that opens the summary, as the /investments console does. */
function ConfirmWithSummary({ onConfirm, onCancel, initiallyOpen = false, pending, failWith }: DemoProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        Confirm
      </Button>
      <SummaryDialog
        open={open}
        title="Confirm Ada Lovelace's subscription"
        description="The money held is posted and the units are issued."
        fields={[
          { label: 'Amount', value: '€5,000' },
          { label: 'Funds', value: 'Held in the ledger' },
          { label: 'KYC', value: 'Approved' },
        ]}
        confirmLabel="Confirm"
        pending={pending}
        error={error}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
          onCancel();
        }}
        onConfirm={() => {
          onConfirm();
          if (failWith) setError(failWith);
          else setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Console/SummaryDialog',
  component: ConfirmWithSummary,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'A modal summary before a decision that needs no text (Confirm, Approve, Close): the facts as label and value pairs, then Confirm and Cancel. Confirm has the focus; a failed call shows its message inside; Escape cancels and the focus returns to the opener.\n\n**When to use:** before a console action whose effect is hard to undo.\n\n**When not:** when the action records a reason (ReasonDialog).',
      },
    },
  },
  args: { onConfirm: fn(), onCancel: fn() },
} satisfies Meta<typeof ConfirmWithSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The summary shows its facts; Confirm has the focus, confirms once, and the dialog closes. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Confirm' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: "Confirm Ada Lovelace's subscription" });
    await expect(within(dialog).getByText('Held in the ledger')).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(confirm).toHaveFocus());
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** Escape cancels: nothing is confirmed. */
export const Cancelled: Story = {
  args: { initiallyOpen: true },
  play: async ({ args }) => {
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** While the call runs, Confirm is disabled and says so. */
export const Pending: Story = {
  args: { initiallyOpen: true, pending: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: 'Confirm…' })).toBeDisabled();
  },
};

/** A refusal shows inside the dialog, which stays open. */
export const Refused: Story = {
  args: { initiallyOpen: true, failWith: 'the reflection period of this subscription has not ended' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('reflection period');
    await expect(screen.getByRole('dialog')).toBeVisible();
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
  },
};
