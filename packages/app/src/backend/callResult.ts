/** What every backend call returns: never a throw, so a failing backend is a state, not a crash. */
export type Result<T> = ({ ok: true } & T) | { ok: false; error: string };

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
