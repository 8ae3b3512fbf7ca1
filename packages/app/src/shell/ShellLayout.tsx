import { breadcrumbs, showsAdminMenu } from '@vault/domain';
import { AppShell, preloadCommandPalette } from '@vault/ui';
import { memo, useCallback, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAppearance } from '../display/appearance';
import { useDemoMode } from '../display/demoMode';
import { useSession } from '../session/SessionProvider';
import { useOnline } from './useOnline';

// Re-rendered only when one of its props changes: a filter in the page's query (Opportunities'
// pills) changes the location but not the shell, which then costs nothing on a slow CPU.
const Shell = memo(AppShell);
const outlet = <Outlet />;
const comingSoon = (label: string) => toast(`${label} is coming soon`);
// Someone pointing at the Ctrl+K hint may be about to use it: fetch the palette's code now (Root
// mounts the dialog once it is here). Nothing to tell anyone if this fails: Ctrl+K loads it again.
const warmPalette = () => void preloadCommandPalette().catch(() => undefined);

/**
 * The authenticated shell (docs/product.md §2 'Shell layout'): @vault/ui's AppShell fed from the session,
 * the router and the domain (admin menu rule, breadcrumbs). The page renders in its <main>.
 */
export function ShellLayout() {
  const { session, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const online = useOnline();
  const { appearance, toggle } = useAppearance();

  const trail = useMemo(() => breadcrumbs(pathname), [pathname]);
  const onNavigate = useCallback((href: string) => navigate(href), [navigate]);

  return (
    <Shell
      currentPath={pathname}
      // Signed out only for the moment before the page's guard redirects; the tree keeps its shape
      // so that guard survives a logout and can send the person home (Guard.tsx).
      email={session.user?.email}
      showAdminMenu={showsAdminMenu(session)}
      demo={demo}
      offline={!online}
      breadcrumbs={trail}
      appearance={appearance}
      onToggleAppearance={toggle}
      onNavigate={onNavigate}
      // The page's guard then takes the person home (see Guard.tsx).
      onLogout={logout}
      onUnavailable={comingSoon}
      onPaletteHintEngage={warmPalette}
    >
      {outlet}
    </Shell>
  );
}
