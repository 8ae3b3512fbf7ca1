import { documentTitle, type PaletteEntry, paletteFor } from '@vault/domain';
import { CommandPalette, preloadCommandPalette, useCommandPaletteShortcut } from '@vault/ui';
import { startTransition, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { applyDemoParam } from '../demo/demoMode';
import { whenIdle } from '../idle/whenIdle';
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
 * Ctrl/Cmd+K anywhere. Signed in, the palette's code (cmdk) is fetched when the browser is idle (or
 * sooner, from the shell's Ctrl+K hint) and the dialog is then mounted, closed, and kept: the first
 * Ctrl+K only opens it. Signed out (the landing page), its code loads on the first open.
 */
function Palette() {
  const { session, logout } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const signedIn = session.user !== null;
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    if (!signedIn || warm) return;
    return whenIdle(() => {
      preloadCommandPalette().then(
        // A transition: the closed dialog renders in slices between other work, never as one long task.
        () => startTransition(() => setWarm(true)),
        // Nothing to tell anyone: the first Ctrl+K loads the code again.
        () => undefined,
      );
      // Within 300 ms at the latest: a person may press Ctrl+K as soon as the first screen shows, and
      // a first open that lands while the dialog mounts waits for it (at 4x CPU, mounted ~1.2 s after
      // the first screen with a 1 s limit, a Ctrl+K 0.1–0.3 s later took 125–142 ms, against 51–88 ms
      // once mounted). With a stored session the page has fetched its code already (prerender/firstScreen.ts).
    }, 300);
  }, [signedIn, warm]);
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
