import { messages } from '@vault/domain';
import { cx, type RootProps } from '../internal/props';
import * as styles from './OfflineBanner.css';

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface OfflineBannerProps extends RootProps<'div', 'children'> {
  /** Whether the browser is offline; the app passes `!navigator.onLine` and updates it on events. */
  offline: boolean;
}

/**
 * docs/product.md's offline message. The role="status" region stays in the page while online (empty), so
 * screen readers announce the text when it appears rather than missing a freshly mounted region.
 *
 * When to use: once per app (AppShell includes it), driven by the browser's online/offline events.
 *
 * When not: for a failed request while online (ErrorState).
 */
export function OfflineBanner({ offline, className, ...rest }: OfflineBannerProps) {
  return (
    <div role="status" {...rest} className={cx(styles.region, className)}>
      {offline && (
        <p className={styles.banner}>
          <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none">
            <path
              d="M2 2l12 12M5.5 8.5a4 4 0 0 1 5 0M3 6a7.5 7.5 0 0 1 3-1.6M10 4.4A7.5 7.5 0 0 1 13 6"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinecap="round"
            />
            <circle cx="8" cy="11.5" r="1" fill="currentColor" />
          </svg>
          {messages.offline}
        </p>
      )}
    </div>
  );
}
