/**
 * What every call of the app returns (a table read, a sign-in, a write): never a throw, so a
 * failing backend is a state, not a crash. On failure, `code` is the server's error code when it
 * sent one, and `superseded` says another account signed in before the answer came.
 */
export type CallResult<T = Record<never, never>> =
  | ({ ok: true } & T)
  | { ok: false; error: string; code?: string; superseded?: boolean };

/** The failure of a call, whatever it would have answered. */
export type CallFailure = Extract<CallResult, { ok: false }>;

/** A readable message from whatever a library threw or returned. */
export function messageOf(error: unknown, fallback = 'Unexpected error'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  if (typeof error === 'string' && error !== '') return error;
  return fallback;
}
