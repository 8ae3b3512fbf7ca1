import { messages } from '@vault/domain';
import * as styles from './OfflineBanner.css';

export interface OfflineBannerProps {
  /** Whether the browser is offline; the app passes `!navigator.onLine` and updates it on events. */
  offline: boolean;
}

/**
 * SPEC.md's offline message. The role="status" region stays in the page while online (empty), so
 * screen readers announce the text when it appears rather than missing a freshly mounted region.
 */
export function OfflineBanner({ offline }: OfflineBannerProps) {
  return (
    <div role="status" className={styles.region}>
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
