import { BACKEND_TIMEOUT_MS } from '@vault/domain';
import { backend } from './client';
import { withCallTimeout } from './timeout';

/**
 * Whether the backend offers demo mode (`app_settings.demo_mode`, docs/decisions.md (17)). Anyone
 * may read it; a failed read counts as off.
 */
export async function readDemoMode(): Promise<boolean> {
  try {
    const { data, error } = await withCallTimeout(
      (signal) => backend().client.from('app_settings').select('demo_mode').limit(1).abortSignal(signal),
      BACKEND_TIMEOUT_MS.profile,
      'app_settings did not answer in time',
    );
    if (error) throw error;
    const first: unknown = Array.isArray(data) ? data[0] : null;
    return typeof first === 'object' && first !== null && (first as { demo_mode?: unknown }).demo_mode === true;
  } catch (error) {
    console.error('[demo] Whether the backend offers demo mode could not be read; demo mode stays off.', error);
    return false;
  }
}
