import type { Breadcrumb } from '@vault/domain';
import { type NavigateHandler, navigateOnClick } from '../internal/navigate';
import * as styles from './Breadcrumbs.css';

export interface BreadcrumbsProps {
  /** The domain's `breadcrumbs(pathname)`: Home first, then each path segment. */
  crumbs: readonly Breadcrumb[];
  /** Called with the href on a plain click, for client-side routing. */
  onNavigate?: NavigateHandler;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** The breadcrumb bar; the last crumb is the current page (aria-current="page"). */
export function Breadcrumbs({ crumbs, onNavigate, label = 'Breadcrumb' }: BreadcrumbsProps) {
  if (crumbs.length === 0) return null;
  const last = crumbs.length - 1;
  return (
    <nav aria-label={label}>
      <ol className={styles.list}>
        {crumbs.map((crumb, index) => (
          <li key={crumb.href} className={styles.item}>
            {index > 0 && (
              <span className={styles.separator} aria-hidden="true">
                /
              </span>
            )}
            <a
              href={crumb.href}
              className={styles.link}
              aria-current={index === last ? 'page' : undefined}
              onClick={navigateOnClick(crumb.href, onNavigate)}
            >
              {crumb.label}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
