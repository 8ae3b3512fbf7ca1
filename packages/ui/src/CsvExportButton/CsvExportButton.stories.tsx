import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { type CsvColumn, CsvExportButton } from './CsvExportButton';

interface AuditEvent {
  at: string;
  action: string;
  member: string;
  note: string;
}

const events: AuditEvent[] = Array.from({ length: 42 }, (_, index) => ({
  at: `2026-01-${String((index % 28) + 1).padStart(2, '0')}T09:00:00Z`,
  action: index % 2 === 0 ? 'kyc.approved' : 'investment.confirmed',
  member: index === 0 ? '=HYPERLINK("http://evil")' : `member-${index}`,
  note: index === 1 ? 'Checked, all fine' : '',
}));

const columns: CsvColumn<AuditEvent>[] = [
  { header: 'at', value: (row) => row.at },
  { header: 'action', value: (row) => row.action },
  { header: 'member', value: (row) => row.member },
  { header: 'note', value: (row) => row.note },
];

/**
 * Stands in for the browser's download during a play function: the object URL and the anchor
 * click are spied on, so the story can read the file that would have been saved.
 */
function captureDownload() {
  const created = spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:story-download');
  const revoked = spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  let anchor: HTMLAnchorElement | undefined;
  const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    anchor = this;
  });
  return {
    created,
    revoked,
    click,
    anchor: () => anchor,
    async text(): Promise<string> {
      const blob = created.mock.calls[0]?.[0];
      if (!(blob instanceof Blob)) throw new Error('no Blob was handed to createObjectURL');
      return blob.text();
    },
    restore() {
      created.mockRestore();
      revoked.mockRestore();
      click.mockRestore();
    },
  };
}

const meta = {
  title: 'Console/CsvExportButton',
  component: CsvExportButton<AuditEvent>,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          "A button that downloads a CSV file, its label saying what it holds and how many rows ('Export CSV (42 rows)'). Give it `rows` and `columns`, or `getCsv()` (a string or a promise of one, e.g. a server's report) with `rowCount`. The file is a Blob behind an object URL made in the click handler; nothing goes over the network. `toCsv(header, rows)` builds the text: RFC 4180 quoting, CRLF lines, and text that starts like a formula (= + - @) prefixed with a single quote.\n\n**When to use:** to export the list a console shows, or a report, as a file.\n\n**When not:** to send data anywhere.",
      },
    },
  },
  args: { filename: 'audit-events.csv', rows: events, columns, onExported: fn() },
} satisfies Meta<typeof CsvExportButton<AuditEvent>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The label counts the rows; a click downloads the header and every row, formulas guarded. */
export const FromRows: Story = {
  name: 'From rows',
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'Export CSV (42 rows)' });
    const download = captureDownload();
    try {
      await userEvent.click(button);
      await waitFor(() => expect(args.onExported).toHaveBeenCalledTimes(1));
      await expect(download.anchor()?.download).toBe('audit-events.csv');
      await expect(download.anchor()?.href).toBe('blob:story-download');
      const text = await download.text();
      const lines = text.split('\r\n');
      await expect(lines[0]).toBe('at,action,member,note');
      // Header, 42 rows, and the empty string after the last CRLF.
      await expect(lines).toHaveLength(44);
      await expect(lines[1]).toBe('2026-01-01T09:00:00Z,kyc.approved,"\'=HYPERLINK(""http://evil"")",');
      await expect(lines[2]).toBe('2026-01-02T09:00:00Z,investment.confirmed,member-1,"Checked, all fine"');
      await waitFor(() => expect(download.revoked).toHaveBeenCalledWith('blob:story-download'));
    } finally {
      download.restore();
    }
  },
};

/** One row reads '1 row'. */
export const OneRow: Story = {
  name: 'One row',
  args: { rows: events.slice(0, 1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Export CSV (1 row)' })).toBeEnabled();
  },
};

/** No rows: the export still holds the header, and the label says 0 rows. */
export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Export CSV (0 rows)' });
    const download = captureDownload();
    try {
      await userEvent.click(button);
      await waitFor(async () => expect(await download.text()).toBe('at,action,member,note\r\n'));
    } finally {
      download.restore();
    }
  },
};

/** From a source (e.g. a server's report): the label says 'Preparing CSV…' while it runs. */
export const FromSource: Story = {
  name: 'From getCsv (a report)',
  render: (args) => {
    let release: (csv: string) => void = () => undefined;
    const pending = new Promise<string>((resolve) => {
      release = resolve;
    });
    Object.assign(window, { releaseStoryCsv: (csv: string) => release(csv) });
    return (
      <CsvExportButton
        filename="kyc-decisions.csv"
        label="Export KYC decisions"
        rowCount={7}
        getCsv={() => pending}
        onExported={args.onExported}
      />
    );
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const download = captureDownload();
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Export KYC decisions (7 rows)' }));
      const busy = await canvas.findByRole('button', { name: 'Preparing CSV…' });
      await expect(busy).toBeDisabled();
      const release = Reflect.get(window, 'releaseStoryCsv') as (csv: string) => void;
      release('decided_at,decision\r\n2026-01-02T10:00:00Z,approved\r\n');
      await waitFor(() => expect(args.onExported).toHaveBeenCalledTimes(1));
      await expect(await download.text()).toBe('decided_at,decision\r\n2026-01-02T10:00:00Z,approved\r\n');
      await expect(canvas.getByRole('button', { name: 'Export KYC decisions (7 rows)' })).toBeEnabled();
    } finally {
      download.restore();
    }
  },
};

/** A source that fails: onError hears it, nothing is downloaded, the button is usable again. */
export const SourceFails: Story = {
  name: 'getCsv fails',
  render: (args) => (
    <CsvExportButton
      filename="report.csv"
      rowCount={3}
      getCsv={() => Promise.reject(new Error('report refused'))}
      onError={args.onExported}
    />
  ),
  play: async ({ canvasElement, args }) => {
    const download = captureDownload();
    try {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Export CSV (3 rows)' }));
      await waitFor(() => expect(args.onExported).toHaveBeenCalledWith(new Error('report refused')));
      await expect(download.created).not.toHaveBeenCalled();
      await expect(within(canvasElement).getByRole('button', { name: 'Export CSV (3 rows)' })).toBeEnabled();
    } finally {
      download.restore();
    }
  },
};

export const Narrow: Story = {
  name: 'Narrow (phone)',
  tags: ['phone'],
  globals: { viewport: { value: 'phoneSmall' } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Export CSV (42 rows)' });
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
