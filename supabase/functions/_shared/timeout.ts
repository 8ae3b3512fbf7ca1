/** A call that did not settle within its time limit. */
export class TimeoutError extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what}: no answer in ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/**
 * Runs the call with an abort signal and gives up after `ms`, even if the call ignores the
 * signal: every outbound call of an edge function (Auth, database, provider) goes through it,
 * so a hung dependency costs at most its limit and never the whole request.
 */
export async function withTimeout<T>(what: string, ms: number, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Settle the race first: aborting may make the call reject at once with its own error.
      reject(new TimeoutError(what, ms));
      controller.abort();
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } catch (error) {
    throw controller.signal.aborted ? new TimeoutError(what, ms) : error;
  } finally {
    clearTimeout(timer);
  }
}
