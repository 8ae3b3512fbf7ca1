import { RESEARCH_POINTS_MAX } from '@vault/domain';
import { useCallback, useState } from 'react';
import { browserStorage, readItem, storageKeys, writeItem } from './browserStorage';

/** The research-points counter (docs/product.md §3), 0 to RESEARCH_POINTS_MAX; anything odd reads as 0. */
export function getResearchPoints(storage: Storage | null = browserStorage()): number {
  const value = Number.parseInt(readItem(storageKeys.researchPoints, storage) ?? '', 10);
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, RESEARCH_POINTS_MAX);
}

/** Adds one point, never beyond the cap; returns the new count. */
export function addResearchPoint(storage: Storage | null = browserStorage()): number {
  const next = Math.min(getResearchPoints(storage) + 1, RESEARCH_POINTS_MAX);
  writeItem(storageKeys.researchPoints, String(next), storage);
  return next;
}

export function useResearchPoints(): { points: number; max: number; add: () => void } {
  const [points, setPoints] = useState(() => getResearchPoints());
  const add = useCallback(() => setPoints(addResearchPoint()), []);
  return { points, max: RESEARCH_POINTS_MAX, add };
}
