import { LoadingSkeleton } from '@vault/ui';

/** Shown while a lazily loaded screen's code arrives. */
export function ScreenLoading() {
  return <LoadingSkeleton variant="text" count={4} label="Loading page…" />;
}
