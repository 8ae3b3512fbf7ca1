import { backendReady } from './backendStart';

/** A call that took longer than its time limit (domain BACKEND_TIMEOUT_MS). */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * Runs a call with a time limit: past `ms` the call's signal is aborted and the promise rejects
 * with a TimeoutError carrying `message`, so no screen waits for ever on a silent backend.
 */
export function withTimeout<T>(run: (signal: AbortSignal) => PromiseLike<T>, ms: number, message: string): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError(message));
    }, ms);
    Promise.resolve()
      .then(() => run(controller.signal))
      .then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
  });
}

/**
 * A backend call's time limit, counted from when the backend is ready: a mock build starts its
 * backend in the page first (the database loads), which is no call's slowness.
 */
export async function withCallTimeout<T>(
  run: (signal: AbortSignal) => PromiseLike<T>,
  ms: number,
  message: string,
): Promise<T> {
  await backendReady();
  return withTimeout(run, ms, message);
}
