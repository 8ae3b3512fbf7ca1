import { type NavLink, primaryNav } from '@vault/domain';
import { isCurrentSection, type NavigateHandler, navigateOnClick } from '../internal/navigate';
import * as styles from './PrimaryNav.css';

export interface PrimaryNavProps {
  /** The current pathname; the matching item is marked aria-current="page". */
  currentPath: string;
  /** Items to show; the domain's `primaryNav` by default. */
  items?: readonly NavLink[];
  /** Called with the href on a plain click, for client-side routing. */
  onNavigate?: NavigateHandler;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** The shell's primary navigation: a row of links that scrolls sideways on small screens. */
export function PrimaryNav({ currentPath, items = primaryNav, onNavigate, label = 'Primary' }: PrimaryNavProps) {
  return (
    <nav aria-label={label} className={styles.nav}>
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
