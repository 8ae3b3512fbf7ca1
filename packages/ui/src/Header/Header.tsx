import { hrefFor } from '@vault/domain';
import type { ReactNode } from 'react';
import { type NavigateHandler, navigateOnClick } from '../internal/navigate';
import { cx, type RootProps } from '../internal/props';
import * as styles from './Header.css';
import { Logo } from './Logo';

/** Own props, plus every native prop of the root `<header>` (className, style, id, data-*, aria-*, ref). */
export interface HeaderProps extends RootProps<'header', 'children'> {
  /** Where the logo leads; '/' by default (docs/product.md §2: the logo links to the landing page). */
  homeHref?: string;
  /** Called with the href on a plain click, for client-side routing. */
  onNavigate?: NavigateHandler;
  /** Slot: the primary navigation (usually <PrimaryNav>). */
  nav?: ReactNode;
  /** Slot: the palette hint (usually <PaletteHint>). */
  hint?: ReactNode;
  /** Slot: the demo badge, when demo mode is on. */
  demoBadge?: ReactNode;
  /** Slot: the admin menu, when the session shows it. */
  adminMenu?: ReactNode;
  /** Slot: the user menu, when someone is signed in. */
  userMenu?: ReactNode;
}

/**
 * The shell's top bar: the logo linking home, the navigation, and the account controls.
 *
 * When to use: at the top of every page (AppShell includes it), with the navigation and menus
 * passed in.
 *
 * When not: twice on a page, or for a section heading (PageHeader).
 */
export function Header({
  homeHref = hrefFor('landing'),
  onNavigate,
  nav,
  hint,
  demoBadge,
  adminMenu,
  userMenu,
  className,
  ...rest
}: HeaderProps) {
  return (
    <header {...rest} className={cx(styles.header, className)}>
      <a href={homeHref} className={styles.brand} onClick={navigateOnClick(homeHref, onNavigate)}>
        <Logo className={styles.mark} />
        {/* The mark's title already names the link; the wordmark is for sighted users. */}
        <span aria-hidden="true">Vault</span>
      </a>
      <div className={styles.nav}>{nav}</div>
      <div className={styles.actions}>
        {hint}
        {demoBadge}
        {adminMenu}
        {userMenu}
      </div>
    </header>
  );
}
