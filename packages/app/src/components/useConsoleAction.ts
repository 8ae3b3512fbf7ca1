import { useState, useSyncExternalStore } from 'react';
import type { CallResult } from '../backend/callResult';

/**
 * Where a console's actions stand: which dialog is open, which call runs, what the last call
 * answered. `A` names the console's actions, e.g. `'approved' | 'rejected'` on /kyc.
 */
interface ConsoleActionState<A extends string> {
  /** The dialog that is open, named by its action; null when none is. */
  readonly dialog: A | null;
  /** The action whose call is running; null when none is. */
  readonly pending: A | null;
  /** The last failed call's message. Kept (with the dialog and its typed text) until the next call or close. */
  readonly error: string | null;
  /** The last successful call's message, for the console's role=status line. */
  readonly done: string | null;
  /** Bumped by every successful call: give it to the list's query so the list reads again. */
  readonly version: number;
}

/** What a successful call says in the status line: a fixed text, or one made from its answer. */
type DoneMessage<T> = string | ((answer: T) => string);

/** The props every ReasonDialog of a console takes from its action, to spread: `{...action.dialogProps('rejected')}`. */
interface ConsoleDialogProps {
  open: true;
  pending: boolean;
  error: string | undefined;
  onCancel: () => void;
}

export interface ConsoleAction<A extends string> extends ConsoleActionState<A> {
  /** Opens the action's dialog; a previous error goes. */
  open: (dialog: A) => void;
  /** Closes the dialog (Cancel, Escape) and forgets its error. */
  close: () => void;
  /** Forgets the error and the done message, e.g. when another row is selected. */
  clearMessages: () => void;
  /**
   * Runs `call` as `action` unless a call is already running (then it is ignored: false, nothing
   * sent). On failure the error is kept and the dialog stays open; on success the dialog closes,
   * `done` says so and `version` is bumped. Answers whether the call succeeded.
   */
  run: <T>(action: A, call: () => Promise<CallResult<T>>, done: DoneMessage<T>) => Promise<boolean>;
  /** `open`, `pending`, `error` and `onCancel` for the ReasonDialog of `dialog`. */
  dialogProps: (dialog: A) => ConsoleDialogProps;
}

/** The state outside React, so that it can be driven and tested without rendering. */
export interface ConsoleActionStore<A extends string> extends Omit<ConsoleAction<A>, keyof ConsoleActionState<A>> {
  getState: () => ConsoleActionState<A>;
  subscribe: (listener: () => void) => () => void;
}

const initialState = { dialog: null, pending: null, error: null, done: null, version: 0 } as const;

export function createConsoleAction<A extends string>(): ConsoleActionStore<A> {
  let state: ConsoleActionState<A> = initialState;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<ConsoleActionState<A>>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };
  const close = () => set({ dialog: null, error: null });

  async function run<T>(action: A, call: () => Promise<CallResult<T>>, done: DoneMessage<T>): Promise<boolean> {
    // A double click, or Enter while the first call runs, must not send the action twice.
    if (state.pending !== null) return false;
    set({ pending: action, error: null, done: null });
    const answer = await call();
    if (!answer.ok) {
      set({ pending: null, error: answer.error });
      return false;
    }
    set({
      pending: null,
      dialog: null,
      done: typeof done === 'string' ? done : done(answer),
      version: state.version + 1,
    });
    return true;
  }

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    open: (dialog) => set({ dialog, error: null }),
    close,
    clearMessages: () => set({ error: null, done: null }),
    run,
    dialogProps: (dialog) => ({
      open: true,
      pending: state.pending === dialog,
      error: state.error ?? undefined,
      onCancel: close,
    }),
  };
}

/**
 * The dialog-and-action wiring of a console screen (/kyc, /investments, /loans, /assets, …):
 * pending state, the error kept while the dialog stays open with its typed text, the done message,
 * closing the dialog on success and refreshing the list (`version`).
 */
export function useConsoleAction<A extends string>(): ConsoleAction<A> {
  const [store] = useState(() => createConsoleAction<A>());
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    ...state,
    open: store.open,
    close: store.close,
    clearMessages: store.clearMessages,
    run: store.run,
    dialogProps: store.dialogProps,
  };
}
