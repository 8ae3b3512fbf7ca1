import type { Breadcrumb, NavLink } from '@vault/domain';
import type { ReactNode } from 'react';
import { AdminMenu } from '../AdminMenu';
import { Breadcrumbs } from '../Breadcrumbs';
import { DemoBadge } from '../DemoBadge';
import { Footer } from '../Footer';
import { Header } from '../Header';
import type { NavigateHandler } from '../internal/navigate';
import { cx, type RootProps } from '../internal/props';
import { OfflineBanner } from '../OfflineBanner';
import { PaletteHint } from '../PaletteHint';
import { PrimaryNav } from '../PrimaryNav';
import { SkipLink } from '../SkipLink';
import { type Appearance, UserMenu } from '../UserMenu';
import * as styles from './AppShell.css';

/** Own props, plus every native prop of the root `<div>` (className, style, id, data-*, aria-*, ref). */
export interface AppShellProps extends RootProps<'div', 'children'> {
  /** The current pathname: marks the current navigation item. */
  currentPath: string;
  /** The signed-in user's email; omit when nobody is signed in (no user menu). */
  email?: string;
  /** The domain's `showsAdminMenu(session)`. */
  showAdminMenu?: boolean;
  /** Demo mode is on: shows the Demo badge. */
  demo?: boolean;
  /** The browser is offline: shows the offline banner. */
  offline?: boolean;
  /** The domain's `breadcrumbs(pathname)`; omit to hide the breadcrumb bar. */
  breadcrumbs?: readonly Breadcrumb[];
  /** Primary navigation items; the domain's `primaryNav` by default. */
  navItems?: readonly NavLink[];
  /** Show the command palette hint (in the breadcrumb bar). */
  showPaletteHint?: boolean;
  /** Called when the pointer comes over the palette hint or it gets focus (to fetch the palette's code). */
  onPaletteHintEngage?: () => void;
  appearance?: Appearance;
  onToggleAppearance?: () => void;
  /** Called with the href on a plain click of any shell link, for client-side routing. */
  onNavigate?: NavigateHandler;
  onLogout?: () => void;
  /** Called when a placeholder footer link is activated. */
  onUnavailable?: (label: string) => void;
  /** The page. */
  children: ReactNode;
}

/**
 * The signed-in layout: skip link, header, offline banner, breadcrumbs, main content, footer.
 *
 * When to use: once per signed-in page, around the page's content: it brings the skip link, header,
 * breadcrumbs, offline banner, `<main>` and footer.
 *
 * When not: for signed-out pages (login, registration) or inside another shell; compose the parts
 * instead if a page needs a different frame.
 */
export function AppShell({
  currentPath,
  email,
  showAdminMenu = false,
  demo = false,
  offline = false,
  breadcrumbs,
  navItems,
  showPaletteHint = true,
  onPaletteHintEngage,
  appearance,
  onToggleAppearance,
  onNavigate,
  onLogout = () => {},
  onUnavailable,
  children,
  className,
  ...rest
}: AppShellProps) {
  const hasCrumbs = breadcrumbs !== undefined && breadcrumbs.length > 0;
  return (
    <div {...rest} className={cx(styles.shell, className)}>
      <SkipLink />
      <Header
        onNavigate={onNavigate}
        nav={<PrimaryNav currentPath={currentPath} items={navItems} onNavigate={onNavigate} />}
        demoBadge={demo ? <DemoBadge /> : undefined}
        adminMenu={showAdminMenu ? <AdminMenu currentPath={currentPath} onNavigate={onNavigate} /> : undefined}
        userMenu={
          email !== undefined ? (
            <UserMenu
              email={email}
              onNavigate={onNavigate}
              onLogout={onLogout}
              appearance={appearance}
              onToggleAppearance={onToggleAppearance}
            />
          ) : undefined
        }
      />
      <OfflineBanner offline={offline} />
      {/* The hint sits in the breadcrumb bar, not the header, so the header's row is left to the
          navigation: beside the hint, its last items would not fit on 1024–1366 px screens. */}
      {(hasCrumbs || showPaletteHint) && (
        <div className={styles.crumbs}>
          {hasCrumbs ? <Breadcrumbs crumbs={breadcrumbs} onNavigate={onNavigate} /> : <span />}
          {showPaletteHint ? <PaletteHint onEngage={onPaletteHintEngage} /> : null}
        </div>
      )}
      <main id="main-content" tabIndex={-1} className={styles.main}>
        {children}
      </main>
      <Footer onNavigate={onNavigate} onUnavailable={onUnavailable} />
    </div>
  );
}
