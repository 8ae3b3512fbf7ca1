import type { BackendError } from '@vault/domain';
import type { HttpHandler } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { rpcAnswer, rpcLoading, rpcRefusal } from '../../../../mocks/story';
import { SLOW } from './expect';

/** A console list's RPC answering nothing, never, or a refusal: its Empty, Loading and Failed stories. */
export const rpcListHandlers = (name: string) => ({
  empty: rpcAnswer(name, []),
  loading: rpcLoading(name),
  error: (error: BackendError, status?: number) => rpcRefusal(name, error, status),
});

/** Waits for a console's list (`table`, by accessible name) and checks its column headers; answers the table. */
export async function findConsoleTable(canvasElement: HTMLElement, table: string, headers: readonly string[]) {
  const found = await within(canvasElement).findByRole('table', { name: table }, SLOW);
  for (const header of headers) {
    await expect(within(found).getByRole('columnheader', { name: header })).toBeInTheDocument();
  }
  return found;
}

/** The first row button of the list `table` whose name matches `row` (once the rows have come). */
async function rowButton(canvasElement: HTMLElement, table: string, row: string | RegExp) {
  const list = await within(canvasElement).findByRole('table', { name: table }, SLOW);
  const [button] = await within(list).findAllByRole('button', { name: row }, SLOW);
  if (!button) throw new Error(`no row ${String(row)} in ${table}`);
  return button;
}

/**
 * Checks the console's heading, waits for its list (`table`, by accessible name) and opens the
 * (first) row whose button is named `row`; answers the canvas and the row button.
 */
export async function openConsoleRow(
  canvasElement: HTMLElement,
  options: { heading: string; table: string; row: string | RegExp },
) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1, name: options.heading })).toBeVisible();
  const button = await rowButton(canvasElement, options.table, options.row);
  await userEvent.click(button);
  return Object.assign(canvas, { rowButton: button });
}

/**
 * The keyboard path into a row: focus its button, Enter opens the detail, whose `action` button
 * is then waited for; with `opensDialog`, Enter on it opens its dialog. Answers the canvas.
 */
export async function openRowByKeyboard(
  canvasElement: HTMLElement,
  options: { table: string; row: string | RegExp; action: string; opensDialog?: boolean },
) {
  const canvas = within(canvasElement);
  (await rowButton(canvasElement, options.table, options.row)).focus();
  await userEvent.keyboard('{Enter}');
  const action = await canvas.findByRole('button', { name: options.action }, SLOW);
  await expect(action).toBeVisible();
  if (options.opensDialog) {
    action.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByRole('dialog', {}, SLOW)).toBeVisible();
  }
  return canvas;
}

interface PlayContext {
  canvasElement: HTMLElement;
}

interface ConsoleStateStory {
  parameters: { msw: { handlers: HttpHandler[] } };
  play: (context: PlayContext) => Promise<void>;
}

/**
 * The Empty, Loading and Failed stories every console has: `table` is the list's accessible
 * name, `empty` the empty state's text, `failed` the start of the load error.
 */
export function consoleListStates(options: {
  table: string;
  empty: { handler: HttpHandler; text: string };
  loading: HttpHandler;
  failed: { handler: HttpHandler; text: RegExp };
}): { Empty: ConsoleStateStory; Loading: ConsoleStateStory; Failed: ConsoleStateStory } {
  return {
    Empty: {
      parameters: { msw: { handlers: [options.empty.handler] } },
      play: async ({ canvasElement }) => {
        await expect(await within(canvasElement).findByText(options.empty.text, {}, SLOW)).toBeVisible();
      },
    },
    Loading: {
      parameters: { msw: { handlers: [options.loading] } },
      play: async ({ canvasElement }) => {
        const table = await within(canvasElement).findByRole('table', { name: options.table }, SLOW);
        await expect(table.closest('[aria-busy="true"]')).not.toBeNull();
      },
    },
    Failed: {
      parameters: { msw: { handlers: [options.failed.handler] } },
      play: async ({ canvasElement }) => {
        const canvas = within(canvasElement);
        await expect(await canvas.findByText(options.failed.text, {}, SLOW)).toBeVisible();
        await expect(canvas.getByRole('button', { name: 'Retry' })).toBeEnabled();
      },
    },
  };
}

/** The dialog's field a play types into: by its label, or the dialog's only textbox. */
const fieldOf = (dialog: HTMLElement, label: string | undefined) =>
  label === undefined ? within(dialog).getByRole('textbox') : within(dialog).getByLabelText(label);

/**
 * Opens an action's dialog from the detail panel (button `action`), types `text` and confirms
 * (button `confirm`, `action` by default); the server refuses with `message`, and the dialog
 * stays open with its message and the typed text.
 */
export async function expectRefusalKeepsDialog(
  canvas: ReturnType<typeof within>,
  options: {
    action: string;
    confirm?: string;
    field?: string;
    text: string;
    message: RegExp;
    /** Fills what else the dialog asks (e.g. a reference) before confirming. */
    fill?: (dialog: HTMLElement) => Promise<void>;
  },
) {
  await userEvent.click(canvas.getByRole('button', { name: options.action }));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  await userEvent.type(fieldOf(dialog, options.field), options.text);
  await options.fill?.(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: options.confirm ?? options.action }));
  await expect(await within(dialog).findByText(options.message, {}, SLOW)).toBeVisible();
  await expect(screen.getByRole('dialog')).toBeVisible();
  await expect(fieldOf(dialog, options.field)).toHaveValue(options.text);
}

/**
 * Opens an action's dialog (button `action`), confirms it empty and sees `required` with nothing
 * sent (the `recorded` RPC has no call), then types `text`, confirms, and waits for the dialog to close.
 */
export async function expectReasonRequiredThenSent(
  canvas: ReturnType<typeof within>,
  options: {
    action: string;
    required: string;
    text: string;
    recorded: { readonly calls: readonly unknown[] };
    /** Chooses what else the dialog asks (e.g. the new status) before the first confirm. */
    choose?: (dialog: HTMLElement) => Promise<void>;
  },
) {
  await userEvent.click(canvas.getByRole('button', { name: options.action }));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  await options.choose?.(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: options.action }));
  await expect(within(dialog).getByText(options.required)).toBeVisible();
  await expect(options.recorded.calls).toEqual([]);
  await userEvent.type(within(dialog).getByRole('textbox'), options.text);
  await userEvent.click(within(dialog).getByRole('button', { name: options.action }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
}

/** Two subscriptions as `list_subscriptions` answers them: the pending one first. */
export const storySubscriptions = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    member_id: '11111111-1111-4111-8111-111111111111',
    investor: 'Ada Lovelace',
    email: 'ada@example.eu',
    opportunity_id: 'solar-park-groningen',
    opportunity_name: 'Groningen Solar Park II',
    amount_cents: 500_000,
    total_cents: 505_000,
    method: 'bank',
    status: 'Pending',
    submitted_at: '2026-11-20T09:30:00Z',
    decided_at: null,
    reason: null,
  },
  {
    id: '44444444-4444-4444-8444-444444444444',
    member_id: '22222222-2222-4222-8222-222222222222',
    investor: 'Grace Hopper',
    email: 'grace@example.eu',
    opportunity_id: 'green-bond-7',
    opportunity_name: 'Green Bond 7',
    amount_cents: 250_050,
    total_cents: 256_302,
    method: 'card',
    status: 'Active',
    submitted_at: '2026-11-18T14:05:00Z',
    decided_at: '2026-11-19T10:00:00Z',
    reason: null,
  },
] as const;
