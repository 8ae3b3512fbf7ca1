import { type NavLink, primaryNav } from '@vault/domain';
import { isCurrentSection, type NavigateHandler, navigateOnClick } from '../internal/navigate';
import { cx, type RootProps } from '../internal/props';
import * as styles from './PrimaryNav.css';

/** Own props, plus every native prop of the root `<nav>` (className, style, id, data-*, aria-*, ref). */
export interface PrimaryNavProps extends RootProps<'nav', 'children'> {
  /** The current pathname; the matching item is marked aria-current="page". */
  currentPath: string;
  /** Items to show; the domain's `primaryNav` by default. */
  items?: readonly NavLink[];
  /** Called with the href on a plain click, for client-side routing. */
  onNavigate?: NavigateHandler;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/**
 * The shell's primary navigation: a row of links that scrolls sideways on small screens.
 *
 * When to use: in the header, with the domain's `primaryNav` items for the person's role.
 *
 * When not: for in-page tabs or secondary links.
 */
export function PrimaryNav({
  currentPath,
  items = primaryNav,
  onNavigate,
  label = 'Primary',
  className,
  ...rest
}: PrimaryNavProps) {
  return (
    <nav aria-label={label} {...rest} className={cx(styles.nav, className)}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.href} className={styles.item}>
            <a
              href={item.href}
              className={styles.link}
              aria-current={isCurrentSection(item.href, currentPath) ? 'page' : undefined}
              onClick={navigateOnClick(item.href, onNavigate)}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
