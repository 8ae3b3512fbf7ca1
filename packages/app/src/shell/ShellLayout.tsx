import { breadcrumbs, showsAdminMenu } from '@vault/domain';
import { AppShell, preloadCommandPalette } from '@vault/ui';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useAppearance } from '../appearance/appearance';
import { useDemoMode } from '../demo/demoMode';
import { whenIdle } from '../idle/whenIdle';
import { useSession } from '../session/SessionProvider';
import { useOnline } from './useOnline';

/**
 * The authenticated shell (SPEC.md 2 'Shell layout'): @vault/ui's AppShell fed from the session,
 * the router and the domain (admin menu rule, breadcrumbs). The page renders in its <main>.
 */
export function ShellLayout() {
  const { session, logout } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const demo = useDemoMode();
  const online = useOnline();
  const { appearance, toggle } = useAppearance();
  // Signed-in pages are where Ctrl+K is used: fetch the palette's code (cmdk) when the browser is
  // idle, so the first open is as quick as the next. The landing page never loads it.
  useEffect(
    () =>
      whenIdle(() => {
        // Nothing to tell anyone if this fails: the first Ctrl+K loads the code again.
        preloadCommandPalette().catch(() => undefined);
      }),
    [],
  );

  return (
    <AppShell
      currentPath={pathname}
      // Signed out only for the moment before the page's guard redirects; the tree keeps its shape
      // so that guard survives a logout and can send the person home (Guard.tsx).
      email={session.user?.email}
      showAdminMenu={showsAdminMenu(session)}
      demo={demo}
      offline={!online}
      breadcrumbs={breadcrumbs(pathname)}
      appearance={appearance}
      onToggleAppearance={toggle}
      onNavigate={(href) => navigate(href)}
      // The page's guard then takes the person home (see Guard.tsx).
      onLogout={logout}
      onUnavailable={(label) => toast(`${label} is coming soon`)}
    >
      <Outlet />
    </AppShell>
  );
}
