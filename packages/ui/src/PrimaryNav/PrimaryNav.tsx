import { type NavLink, primaryNav } from '@vault/domain';
import { type RefObject, useEffect, useRef, useState } from 'react';
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

/** Which ends of the row have links scrolled out of view. */
interface Overflow {
  start: boolean;
  end: boolean;
}

/**
 * Keeps the current link in view (centred in the row when the row scrolls) and answers which
 * ends hide links, so the row can show that it scrolls.
 */
function useRowScroll(list: RefObject<HTMLUListElement | null>, currentPath: string): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page has a new current link to bring into view.
  useEffect(() => {
    const row = list.current;
    if (!row) return;
    const current = row.querySelector<HTMLElement>('[aria-current="page"]');
    if (current && row.scrollWidth > row.clientWidth) {
      // The row's own scroll, not scrollIntoView: that could scroll the page as well.
      const left = current.offsetLeft - row.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
      row.scrollLeft = Math.max(0, Math.min(left, row.scrollWidth - row.clientWidth));
    }
  }, [list, currentPath]);
  useEffect(() => {
    const row = list.current;
    if (!row) return;
    const update = () => {
      const end = row.scrollWidth - row.clientWidth - row.scrollLeft;
      setOverflow({ start: row.scrollLeft > 1, end: end > 1 });
    };
    update();
    row.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(row);
    return () => {
      row.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [list]);
  return overflow;
}

/**
 * The shell's primary navigation: a row of links that scrolls sideways on small screens, the
 * current one scrolled into view, a fade at each end that hides links.
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
  const list = useRef<HTMLUListElement>(null);
  const overflow = useRowScroll(list, currentPath);
  return (
    <nav
      aria-label={label}
      {...rest}
      className={cx(styles.nav, className)}
      data-more-start={overflow.start || undefined}
      data-more-end={overflow.end || undefined}
    >
      <ul ref={list} className={styles.list}>
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
