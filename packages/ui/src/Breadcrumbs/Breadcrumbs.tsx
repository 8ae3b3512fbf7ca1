import type { Breadcrumb } from '@vault/domain';
import { type NavigateHandler, navigateOnClick } from '../internal/navigate';
import { cx, type RootProps } from '../internal/props';
import * as styles from './Breadcrumbs.css';

/** Own props, plus every native prop of the root `<nav>` (className, style, id, data-*, aria-*, ref). */
export interface BreadcrumbsProps extends RootProps<'nav', 'children'> {
  /** The domain's `breadcrumbs(pathname)`: Home first, then each path segment. */
  crumbs: readonly Breadcrumb[];
  /** Called with the href on a plain click, for client-side routing. */
  onNavigate?: NavigateHandler;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/**
 * The breadcrumb bar; the last crumb is the current page (aria-current="page").
 *
 * When to use: under the header on pages below the top level, fed by the domain's
 * `breadcrumbs(pathname)`.
 *
 * When not: as the main navigation or on top-level pages, where a single crumb says nothing.
 */
export function Breadcrumbs({ crumbs, onNavigate, label = 'Breadcrumb', className, ...rest }: BreadcrumbsProps) {
  if (crumbs.length === 0) return null;
  const last = crumbs.length - 1;
  return (
    <nav aria-label={label} {...rest} className={cx(className)}>
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
