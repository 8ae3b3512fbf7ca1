import { documentTitle, type PaletteEntry, paletteFor } from '@vault/domain';
import { CommandPalette, useCommandPaletteShortcut } from '@vault/ui';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { usePaletteWarmUp } from '../boot';
import { applyDemoParam } from '../display/demoMode';
import { useSession } from '../session/SessionProvider';
import { CrashBoundary } from './CrashBoundary';

/** Above every route: demo switch from the query, document title, crash page and the command palette. */
export function Root() {
  const { pathname, search } = useLocation();

  // Before paint, so a `?demo=1` link renders the demo parts on its first frame.
  useLayoutEffect(() => {
    applyDemoParam(search);
  }, [search]);

  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);

  // After a client-side navigation, start at the top and move focus to the new page's <main>, as
  // a full page load would, so keyboard and screen-reader users land on the new content.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    window.scrollTo(0, 0);
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      {/* Keyed by path: after a crash, navigating elsewhere (palette, back button) recovers. */}
      <CrashBoundary resetKey={pathname}>
        <Outlet />
      </CrashBoundary>
      <Palette />
    </>
  );
}

/**
 * Ctrl/Cmd+K anywhere. Signed in, the dialog is mounted closed once its code is warm
 * (boot/paletteWarmUp.ts), so the first Ctrl+K only opens it.
 */
function Palette() {
  const { session, logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const warm = usePaletteWarmUp(session.user !== null);
  useCommandPaletteShortcut(useCallback(() => setOpen((o) => !o), []));

  const onSelect = (entry: PaletteEntry) => {
    if (entry.action === 'logout') {
      logout();
    } else if (entry.href) {
      navigate(entry.href);
    }
  };

  const sections = useMemo(() => paletteFor(session), [session]);
  return <CommandPalette open={open} onOpenChange={setOpen} sections={sections} onSelect={onSelect} warm={warm} />;
}
