import { Button } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ReasonDialog, ReasonDialogChoice, type ReasonDialogProps } from './ReasonDialog';

type DemoProps = Pick<ReasonDialogProps, 'pending' | 'error' | 'required' | 'defaultReason'> & {
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  initiallyOpen?: boolean;
  /** Answer each confirm with this error, as a failed server call would. */
  failWith?: string;
};

/** A Reject button that opens the dialog, as the /kyc console does; the dialog stays open on a failure. */
function RejectWithReason({ onConfirm, onCancel, initiallyOpen = false, failWith, ...props }: DemoProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [error, setError] = useState<string | undefined>(undefined);
  return (
    <>
      <Button type="button" color="red" variant="soft" onClick={() => setOpen(true)}>
        Reject
      </Button>
      <ReasonDialog
        {...props}
        open={open}
        title="Reject KYC for Ada Lovelace"
        description="The member sees this reason and may start again."
        confirmLabel="Reject"
        pendingLabel="Rejecting…"
        maxLength={500}
        error={props.error ?? error}
        onCancel={() => {
          setOpen(false);
          setError(undefined);
          onCancel();
        }}
        onConfirm={(reason) => {
          onConfirm(reason);
          if (failWith) setError(failWith);
          else setOpen(false);
        }}
      />
    </>
  );
}

const assetStatuses = [
  { value: 'Operational', label: 'Operational' },
  { value: 'Under Maintenance', label: 'Under Maintenance' },
] as const;
type AssetStatus = (typeof assetStatuses)[number]['value'];

/** Change status, as the /assets console does: the new status in the extra-field slot, then a note. */
function ChangeStatusWithNote({
  onConfirm,
  onCancel,
  initiallyOpen = false,
}: Pick<DemoProps, 'onConfirm' | 'onCancel' | 'initiallyOpen'>) {
  const [open, setOpen] = useState(initiallyOpen);
  const [status, setStatus] = useState<AssetStatus>('Under Maintenance');
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <>
      <Button type="button" onClick={() => setOpen(true)}>
        Change status
      </Button>
      {saved ? <p role="status">{saved}</p> : null}
      <ReasonDialog
        open={open}
        title="Change status of Turbine A"
        description="The change and its note are recorded in the audit trail."
        reasonLabel="Note"
        requiredMessage="A note is required"
        confirmLabel="Change status"
        tone="accent"
        onCancel={() => {
          setOpen(false);
          onCancel();
        }}
        onConfirm={(note) => {
          onConfirm(note);
          setSaved(`Turbine A is now ${status}.`);
          setOpen(false);
        }}
      >
        <ReasonDialogChoice label="New status" options={assetStatuses} value={status} onChange={setStatus} />
      </ReasonDialog>
    </>
  );
}

const meta = {
  title: 'Console/ReasonDialog',
  component: RejectWithReason,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "A modal dialog (Radix Themes Dialog) for an action that needs a reason: a labelled textarea (and, in its `children` slot, an extra field such as a `ReasonDialogChoice`), **A reason is required** when it is left empty, Confirm and Cancel. While the call runs Confirm is disabled with a spinner and its pending label; a failed call's message shows inside the dialog and the typed reason stays. Escape cancels; focus is trapped inside and returns to the button that opened it.\n\n**When to use:** before a console action that records a reason or a note (Reject, Request resubmission, Change status).\n\n**When not:** for a plain confirmation without text, or a longer form.",
      },
    },
  },
  args: { onConfirm: fn(), onCancel: fn() },
} satisfies Meta<typeof RejectWithReason>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opening focuses the reason; Confirm sends the trimmed reason and the dialog closes. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Reject' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC for Ada Lovelace' });
    await expect(dialog).toHaveAccessibleDescription('The member sees this reason and may start again.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    await waitFor(() => expect(reason).toHaveFocus());
    await userEvent.type(reason, '  Document expired  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(args.onConfirm).toHaveBeenCalledWith('Document expired');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** Confirm with an empty (or blank) reason shows 'A reason is required' by the field and sends nothing. */
export const ReasonRequired: Story = {
  name: 'Validation: a reason is required',
  args: { initiallyOpen: true },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC for Ada Lovelace' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    await userEvent.type(reason, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(args.onConfirm).not.toHaveBeenCalled();
    await expect(within(dialog).getByText('A reason is required')).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await expect(reason).toHaveAccessibleDescription('A reason is required');
    await expect(reason).toHaveFocus();
    await userEvent.type(reason, 'Blurred photo');
    await expect(within(dialog).queryByText('A reason is required')).toBeNull();
  },
};

/** While the call runs, Confirm is disabled and says what is happening. */
export const Pending: Story = {
  args: { initiallyOpen: true, pending: true, defaultReason: 'Document expired' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC for Ada Lovelace' });
    const confirm = within(dialog).getByRole('button', { name: 'Rejecting…' });
    await expect(confirm).toBeDisabled();
    await expect(within(dialog).getByRole('textbox', { name: 'Reason (required)' })).toHaveValue('Document expired');
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** A failed call: its message inside the dialog, the typed reason kept, Confirm available again. */
export const ErrorKeepsText: Story = {
  name: 'Error keeps the typed text',
  args: { failWith: 'The review could not be saved: the member is no longer pending.' },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC for Ada Lovelace' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    await userEvent.type(reason, 'Address does not match');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(args.onConfirm).toHaveBeenCalledWith('Address does not match');
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The review could not be saved: the member is no longer pending.',
    );
    await expect(screen.getByRole('dialog', { name: 'Reject KYC for Ada Lovelace' })).toBeVisible();
    await expect(reason).toHaveValue('Address does not match');
    await expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeEnabled();
  },
};

/** Escape cancels, and focus returns to the button that opened the dialog. */
export const EscapeCancels: Story = {
  name: 'Escape cancels',
  play: async ({ canvasElement, args }) => {
    const opener = within(canvasElement).getByRole('button', { name: 'Reject' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC for Ada Lovelace' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (required)' }), 'draft');
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** Tab cycles inside the dialog: from Confirm it wraps to the first control, never to the page. */
export const FocusTrapped: Story = {
  name: 'Focus trapped',
  args: { initiallyOpen: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC for Ada Lovelace' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason (required)' });
    await waitFor(() => expect(reason).toHaveFocus());
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Reject' })).toHaveFocus();
    await userEvent.tab();
    await expect(reason).toHaveFocus();
  },
};

/** Not required: an empty reason is sent as ''. */
export const Optional: Story = {
  name: 'Reason optional',
  args: { initiallyOpen: true, required: false },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC for Ada Lovelace' });
    await expect(within(dialog).getByRole('textbox', { name: 'Reason' })).not.toBeRequired();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(args.onConfirm).toHaveBeenCalledWith('');
  },
};

export const Narrow: Story = {
  name: 'Narrow (phone)',
  tags: ['phone'],
  globals: { viewport: { value: 'phoneSmall' } },
  args: { initiallyOpen: true, error: 'The review could not be saved. Try again.' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Reject KYC for Ada Lovelace' });
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    await expect(within(dialog).getByRole('alert')).toBeVisible();
  },
};

/**
 * The extra-field slot: a labelled radio group (ReasonDialogChoice) between the description and
 * the note. Focus starts on the note; Shift+Tab reaches the choice and the arrow keys change it.
 */
export const WithChoice: Story = {
  name: 'With a choice (extra field)',
  render: (args) => <ChangeStatusWithNote onConfirm={args.onConfirm} onCancel={args.onCancel} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change status of Turbine A' });
    const group = within(dialog).getByRole('radiogroup', { name: 'New status' });
    const operational = within(group).getByRole('radio', { name: 'Operational' });
    const maintenance = within(group).getByRole('radio', { name: 'Under Maintenance' });
    await expect(maintenance).toBeChecked();
    await expect(operational).not.toBeChecked();
    // The choice comes before the note in reading and tab order.
    const note = within(dialog).getByRole('textbox', { name: 'Note (required)' });
    await expect(group.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(note).toHaveFocus());
    await userEvent.tab({ shift: true });
    await expect(maintenance).toHaveFocus();
    // Radix moves the focus a moment after the key goes down and checks the choice the arrow key
    // reaches if the key is still down then, as it is for a person: hold it until then.
    await userEvent.keyboard('{ArrowLeft>}');
    await waitFor(() => expect(operational).toBeChecked());
    await userEvent.keyboard('{/ArrowLeft}');
    await expect(operational).toHaveFocus();
    await expect(maintenance).not.toBeChecked();
    // Each choice's label is a tap target of at least 24 px.
    for (const radio of [operational, maintenance]) {
      const label = radio.closest('label');
      await expect(label).not.toBeNull();
      await expect(label?.getBoundingClientRect().height ?? 0).toBeGreaterThanOrEqual(24);
    }
    await userEvent.click(within(dialog).getByText('Under Maintenance'));
    await expect(maintenance).toBeChecked();
    await userEvent.type(note, 'Gearbox inspection');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await expect(args.onConfirm).toHaveBeenCalledWith('Gearbox inspection');
    await expect(await canvas.findByRole('status')).toHaveTextContent('Turbine A is now Under Maintenance.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** The choice on a 360 px phone: the dialog fits, each choice keeps a tap target of 24 px or more. */
export const WithChoiceNarrow: Story = {
  name: 'With a choice, narrow (phone)',
  tags: ['phone'],
  globals: { viewport: { value: 'phoneSmall' } },
  render: (args) => <ChangeStatusWithNote onConfirm={args.onConfirm} onCancel={args.onCancel} initiallyOpen />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Change status of Turbine A' });
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
    const group = within(dialog).getByRole('radiogroup', { name: 'New status' });
    for (const radio of within(group).getAllByRole('radio')) {
      await expect(radio.closest('label')?.getBoundingClientRect().height ?? 0).toBeGreaterThanOrEqual(24);
    }
    await expect(within(group).getByRole('radio', { name: 'Under Maintenance' })).toBeChecked();
  },
};
