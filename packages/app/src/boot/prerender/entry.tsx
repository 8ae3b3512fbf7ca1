import { resolveView, signedOut } from '@vault/domain';
import { createContext, type ReactNode, StrictMode, useContext } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App, AppTheme } from '../../App';
import { screens } from '../../router/screenRegistry';
import { createAppSessionStore } from '../../session/SessionProvider';
import { ShellFrame } from '../../shell/ShellFrame';
import { memoryStorage } from '../../storage/browserStorage';
import { createSessionArea } from '../../storage/sessionArea';

export { documentTitle } from '@vault/domain';
export { screenSource } from '../../router/screenRegistry';
export {
  APP_SCRIPTS_TEMPLATE_ID,
  appScriptsScript,
  CLIENT_RENDER_ATTRIBUTE,
  inlineScript,
  inlineStyle,
  SHELL_FRAME_TEMPLATE_ID,
  shellFrameScript,
  shellFrameStylesScript,
} from '../inlineScript';
export { landingComponents, utilitiesMissingFromLanding } from '../styleSplit';
export { firstScreenPreload } from './firstScreen';
export { notFoundPage, prerenderedPages } from './pages';

const PrerenderPath = createContext('/');

/** The router of a prerendered page: the page's path, fixed. */
function PrerenderRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={useContext(PrerenderPath)}>{children}</StaticRouter>;
}

/**
 * Renders a public page as a signed-out visitor sees it on the first frame, for the build's
 * prerender step (scripts/prerender.mjs). The same <App> as main.tsx hydrates, with the router at a
 * fixed location; the screen's code is loaded first, as main.tsx does before hydrating, so nothing
 * suspends. Returns the HTML and the screen rendered (its chunk is preloaded by the page).
 */
export async function render(path: string): Promise<{ html: string; screen: string | null }> {
  const view = resolveView(signedOut, path);
  if (view.kind === 'screen') {
    if (view.shell) throw new Error(`${path} is inside the signed-in shell; only public pages are prerendered`);
    await screens[view.screen].preload();
  } else if (view.kind !== 'not-found') {
    throw new Error(`${path} is a ${view.kind} for a signed-out visitor; it cannot be prerendered`);
  }
  const store = createAppSessionStore({ area: createSessionArea(memoryStorage(), memoryStorage()) });
  const html = renderToString(
    <PrerenderPath.Provider value={path}>
      <StrictMode>
        <App sessionStore={store} router={PrerenderRouter} />
      </StrictMode>
    </PrerenderPath.Provider>,
  );
  return { html, screen: view.kind === 'screen' ? view.screen : null };
}

/**
 * The signed-in shell frame (shell/ShellFrame.tsx) inside the app's theme root, as the 404 page's
 * inline script puts it in #root for a visitor with a stored session.
 */
export function renderShellFrame(): string {
  return renderToString(
    <StrictMode>
      <AppTheme>
        <ShellFrame />
      </AppTheme>
    </StrictMode>,
  );
}
