/**
 * Runs `task` once the browser is idle (or after `timeout` ms at the latest), for work the page
 * will want soon but not now. Returns a cancel function, for an effect's cleanup.
 */
export function whenIdle(task: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a delay keeps the task off the first render at least.
  const handle = window.setTimeout(task, 1000);
  return () => window.clearTimeout(handle);
}
