import { preloadCommandPalette } from '@vault/ui';
import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from './whenIdle';

/**
 * Signed in, the command palette's code (cmdk) is fetched once the browser is idle, and its dialog
 * is then mounted closed and kept, so the first Ctrl+K only opens it. Signed out (the landing page),
 * nothing: the code loads on the first open. True once the dialog may be mounted.
 */
export function usePaletteWarmUp(signedIn: boolean): boolean {
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    if (!signedIn || warm) return;
    return whenIdle(() => {
      preloadCommandPalette().then(
        // A transition: the closed dialog renders in slices between other work, never as one long task.
        () => startTransition(() => setWarm(true)),
        // Nothing to tell anyone: the first Ctrl+K loads the code again.
        () => undefined,
      );
      // Soon, even on a busy page: a first Ctrl+K that lands while the dialog mounts waits for it
      // (docs/performance.md). With a stored session the page fetched the code already (prerender/firstScreen.ts).
    }, 300);
  }, [signedIn, warm]);
  return warm;
}
