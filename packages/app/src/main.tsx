import './radix-themes.css';
// The component styles and utility classes the prerendered pages use; the others come once the app
// runs (boot/deferredStyles.ts).
import '@radix-ui/themes/components.css?part=landing';
import '@radix-ui/themes/utilities.css?part=landing';
import './global.css';
import { BACKEND_TIMEOUT_MS, resolveView, sameView, signedOut } from '@vault/domain';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { backendReady, setBackendStarter } from './backend/backendStart';
import { CLIENT_RENDER_ATTRIBUTE, loadAllUtilitiesAndColours, preloadFirstScreen, SHELL_FRAME_ATTRIBUTE } from './boot';
import { applyDemoParam } from './display/demoMode';
import { ShellLayout } from './router/routes';
import { screens } from './router/screenRegistry';
import { createAppSessionStore } from './session/SessionProvider';

// The embedded mock backend runs only when no Supabase project is configured. The test is on
// import.meta.env directly, so a real-backend build drops the branch, msw and the admin demo pair.
const mockBackend = !import.meta.env.VITE_SUPABASE_URL || !import.meta.env.VITE_SUPABASE_ANON_KEY;
if (mockBackend) {
  // msw 2 calls registration.update() without catching it (msw issue #2006); when the browser
  // cannot re-fetch the worker script that rejection surfaces as an uncaught page error although
  // the running worker still serves. Mock mode only: log it instead of crashing the page's error log.
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof Error && /ServiceWorker/.test(reason.message) && /mockServiceWorker/.test(reason.message)) {
      event.preventDefault();
      console.warn('[mock] service worker update failed; the running mock backend keeps serving.', reason.message);
    }
  });
  // Started by the first backend call, never by a public page that makes none: the service worker
  // that catches the calls, and the backend worker that loads the database and answers them.
  const embedded = () => import('../../../mocks/browser');
  let answered: ((response: Response) => boolean) | null = null;
  setBackendStarter(
    () =>
      Promise.all([embedded(), import('./session/adminPair')])
        .then(async ([backend, { adminPair }]) => {
          const { startBackendWorker, startServiceWorker, backendWorkerReady } = backend;
          answered = backend.answeredByEmbeddedBackend;
          // The embedded backend's admin account takes the build's VITE_ADMIN_* override, if any.
          startBackendWorker(adminPair());
          await startServiceWorker(!import.meta.env.DEV);
          // Calls are timed from here: the database's first load is no call's slowness. It has a
          // limit of its own, past which the calls fail and the screens say so.
          await backendWorkerReady(BACKEND_TIMEOUT_MS.embeddedStart);
        })
        .then(() => undefined)
        .catch((error: unknown) => {
          console.error('[mock] The embedded backend could not start; backend calls will fail.', error);
        }),
    {
      answered: (response) => answered?.(response) ?? true,
      reconnect: () => embedded().then(({ reconnectServiceWorker }) => reconnectServiceWorker(!import.meta.env.DEV)),
    },
  );
}

// Before the first render, so the first frame already knows whether demo mode is on.
applyDemoParam(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const sessionStore = createAppSessionStore();
const { session } = sessionStore.getState();

// A prerendered page (scripts/prerender.mjs) is hydrated when it is what this visitor's first
// render shows: the same view for this session as for the signed-out visitor it was rendered for,
// and not marked by the inline script (signed in, a query the page reads, the 404 page serving an
// app route). Otherwise the app renders from scratch in its place, and the page, hidden by the
// inline script until then, is shown once that render has committed (App).
const prerendered = container.dataset.prerendered;
const hydrate =
  prerendered !== undefined &&
  !document.documentElement.hasAttribute(CLIENT_RENDER_ATTRIBUTE) &&
  sameView(resolveView(signedOut, prerendered), resolveView(session, window.location.pathname));

// A stored session's first screen asks for its data as it renders: its backend starts now, beside
// the screen's code, rather than after it. A signed-out visitor's first backend call starts it.
if (mockBackend && session.user) void backendReady();

// The first screen's code is fetched before the first render, so it paints (or hydrates) without a
// loading state. Not a top-level await: the screen's chunk imports this entry chunk, which must finish first.
void preloadFirstScreen(session, window.location.pathname, { screens, shell: ShellLayout }).then(() => {
  if (hydrate) {
    hydrateRoot(
      container,
      <StrictMode>
        <App sessionStore={sessionStore} />
      </StrictMode>,
      {
        // A mismatch means the prerendered page and the first render disagree: React renders afresh
        // (no harm to the visitor), and the e2e journeys fail on this message.
        onRecoverableError: (error) => console.error('[hydration] The prerendered page did not match:', error),
      },
    );
  } else {
    // The shell frame (boot/inlineScript.ts) stays on screen until the first render commits,
    // which replaces it in one go; a hidden page is dropped at once.
    if (!document.documentElement.hasAttribute(SHELL_FRAME_ATTRIBUTE)) container.replaceChildren();
    createRoot(container).render(
      <StrictMode>
        <App sessionStore={sessionStore} />
      </StrictMode>,
    );
  }
  // Once the first render is under way: every utility class and colour, for what the page shows next.
  void loadAllUtilitiesAndColours();
});
