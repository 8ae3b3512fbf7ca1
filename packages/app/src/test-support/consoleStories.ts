import { delay, type HttpHandler, HttpResponse, http, type JsonBodyType } from 'msw';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { SLOW } from './expect';

/** A PostgREST error answer, as supabase-js reads a refused RPC. */
const rpcError = (error: { code: string; message: string }, status = 400) =>
  HttpResponse.json({ ...error, details: null, hint: null }, { status });

const rpcPath = (name: string) => `*/rest/v1/rpc/${name}`;

/** A console list's RPC answering nothing, never, or a refusal: its Empty, Loading and Failed stories. */
export const rpcListHandlers = (name: string) => ({
  empty: http.post(rpcPath(name), () => HttpResponse.json([])),
  loading: http.post(rpcPath(name), () => delay('infinite')),
  error: (error: { code: string; message: string }, status = 403) =>
    http.post(rpcPath(name), () => rpcError(error, status)),
});

/**
 * An RPC that records the body of each call (the console's action) and answers `answer(body)`.
 * Call `reset()` in the meta's beforeEach so each story sees only its own calls; `refusing(error)`
 * is the same RPC refused, for the stories of a failed call.
 */
export function recordedRpc(name: string, answer: (body: unknown) => JsonBodyType) {
  const calls: unknown[] = [];
  const handler = http.post(rpcPath(name), async ({ request }) => {
    const body: unknown = await request.json();
    calls.push(body);
    return HttpResponse.json(answer(body));
  });
  return {
    handler,
    calls,
    reset: () => {
      calls.length = 0;
    },
    refusing: (error: { code: string; message: string }, status = 400) =>
      http.post(rpcPath(name), () => rpcError(error, status)),
  };
}

/**
 * Checks the console's heading, waits for its list (`table`, by accessible name) and opens the
 * row whose button is named `row`; answers the canvas.
 */
export async function openConsoleRow(
  canvasElement: HTMLElement,
  options: { heading: string; table: string; row: string },
) {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole('heading', { level: 1, name: options.heading })).toBeVisible();
  const table = await canvas.findByRole('table', { name: options.table }, SLOW);
  await userEvent.click(await within(table).findByRole('button', { name: options.row }, SLOW));
  return canvas;
}

/** An action without a dialog refused: its message beside the buttons, which stay usable. */
export async function expectRefusalBesideButtons(
  canvas: ReturnType<typeof within>,
  options: { action: string; message: RegExp },
) {
  await userEvent.click(canvas.getByRole('button', { name: options.action }));
  await expect(await canvas.findByText(options.message, {}, SLOW)).toBeVisible();
  await expect(canvas.getByRole('button', { name: options.action })).toBeEnabled();
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
  options: { action: string; confirm?: string; field?: string; text: string; message: RegExp },
) {
  await userEvent.click(canvas.getByRole('button', { name: options.action }));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  await userEvent.type(fieldOf(dialog, options.field), options.text);
  await userEvent.click(within(dialog).getByRole('button', { name: options.confirm ?? options.action }));
  await expect(await within(dialog).findByText(options.message, {}, SLOW)).toBeVisible();
  await expect(screen.getByRole('dialog')).toBeVisible();
  await expect(fieldOf(dialog, options.field)).toHaveValue(options.text);
}

/**
 * Opens an action's dialog (button `action`), confirms it empty and sees `required` with nothing
 * sent (`calls` stays empty), then types `text`, confirms, and waits for the dialog to close.
 */
export async function expectReasonRequiredThenSent(
  canvas: ReturnType<typeof within>,
  options: {
    action: string;
    required: string;
    text: string;
    calls: readonly unknown[];
    /** Chooses what else the dialog asks (e.g. the new status) before the first confirm. */
    choose?: (dialog: HTMLElement) => Promise<void>;
  },
) {
  await userEvent.click(canvas.getByRole('button', { name: options.action }));
  const dialog = await screen.findByRole('dialog', {}, SLOW);
  await options.choose?.(dialog);
  await userEvent.click(within(dialog).getByRole('button', { name: options.action }));
  await expect(within(dialog).getByText(options.required)).toBeVisible();
  await expect(options.calls).toEqual([]);
  await userEvent.type(within(dialog).getByRole('textbox'), options.text);
  await userEvent.click(within(dialog).getByRole('button', { name: options.action }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), SLOW);
}
