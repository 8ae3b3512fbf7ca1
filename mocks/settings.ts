import { delay } from 'msw';

/**
 * `app_settings` of the embedded backend: demo mode is always on (docs/decisions.md (17)). Only the
 * conformance test turns it off, to play the scenarios of a project with demo mode off, and turns
 * the answer delays off, to play a thousand scenarios in seconds.
 */
export const mockSettings = { demoMode: true, latency: true };

/** Waits like a server would (the screens' loading states depend on it), unless latency is off. */
export async function latency(ms: number): Promise<void> {
  if (mockSettings.latency) await delay(ms);
}
