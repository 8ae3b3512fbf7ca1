import type { NudgeDismissPage } from '@vault/domain';
import { useCallback, useState } from 'react';
import { browserStorage, readItem, storageKeys, writeItem } from './browserStorage';

/** Whether the nudge banner was dismissed on this page (docs/product.md §3: a per-page flag set to '1'). */
export function isNudgeDismissed(page: NudgeDismissPage, storage: Storage | null = browserStorage()): boolean {
  return readItem(storageKeys.nudgeDismissed(page), storage) === '1';
}

export function dismissNudge(page: NudgeDismissPage, storage: Storage | null = browserStorage()): void {
  writeItem(storageKeys.nudgeDismissed(page), '1', storage);
}

/**
 * The nudge banner's dismissal on one page. With a page, the flag persists; without one (the
 * dashboard's own view), dismissing hides the banner for the current view only.
 */
export function useNudgeDismissal(page?: NudgeDismissPage): { dismissed: boolean; dismiss: () => void } {
  const [dismissed, setDismissed] = useState(() => (page ? isNudgeDismissed(page) : false));
  const dismiss = useCallback(() => {
    if (page) dismissNudge(page);
    setDismissed(true);
  }, [page]);
  return { dismissed, dismiss };
}
