import { routes } from '@vault/domain';
import { storageKeys } from '../storage/browserStorage';
import { type FirstScreenPreload, pathsPattern } from './prerender/firstScreen';

/**
 * Set on <html> by the inline script when the prerendered HTML is not what this visitor will see
 * (signed in, a query the page reads, or the 404 page served for a route of the app): the page
 * stays hidden until the app has rendered the right thing in its place, so there is no flash of a
 * sign-in form or of 'Page not found'. main.tsx then renders from scratch instead of hydrating.
 */
export const CLIENT_RENDER_ATTRIBUTE = 'data-client-render';

/**
 * Set on <html> by the 404 page's inline script for a visitor with a stored session at a route
 * inside the signed-in shell: instead of staying hidden, #root shows the shell frame (the signed-in
 * layout without anyone's data, shell/ShellFrame.tsx, prerendered into a <template>) until the
 * app's first render replaces it. Only in browsers that know `blocking="render"`: the frame's
 * styles are linked as render-blocking stylesheets (shellFrameStylesScript), so it never paints
 * unstyled; elsewhere the page stays hidden until the app has rendered, as without a frame.
 */
export const SHELL_FRAME_ATTRIBUTE = 'data-shell-frame';

/** Marks the style preloads of the first screen that the shell frame needs applied before it paints. */
const SHELL_FRAME_STYLE_ATTRIBUTE = 'data-frame-style';

/** The id of the <template> holding the prerendered shell frame, after #root in the 404 page. */
export const SHELL_FRAME_TEMPLATE_ID = 'vault-shell-frame';

/** The id of the <template> holding a prerendered page's app scripts, after #root (appScriptsScript). */
export const APP_SCRIPTS_TEMPLATE_ID = 'vault-app-scripts';

/** Set on <html> once the app's first render (hydration or a fresh render) has committed. */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Where the inline script keeps a form submitted before the app runs (a click on 'Sign In' while
 * the page's script is still loading): it stops the browser's own submission, which would put the
 * password in the URL, and the form is submitted again once the app has hydrated (heldSubmit.ts).
 */
export const HELD_SUBMIT_PROPERTY = 'vaultHeldSubmit';

declare global {
  interface Window {
    [HELD_SUBMIT_PROPERTY]?: EventTarget | null;
  }
}

/** The storage key whose presence means someone may be signed in: supabase-js's session. */
const sessionPresenceKeys = [storageKeys.auth] as const;

/** The query parameters a prerendered page shows the same way (demo mode is added after hydration). */
const queryKeptByPrerender = ['demo'] as const;

/** A regular expression source matching every path of the route table, as the router matches them. */
export function routePattern(): string {
  return pathsPattern(routes.map((r) => r.path));
}

/**
 * The script every prerendered page runs in its <head>, before the first paint: the appearance
 * (stored choice, else the system's) as a class on <html>, the client-render mark, a hold on
 * any form submitted before the app runs, and, when a session is stored, links that fetch the code
 * and styles of the signed-in screen at this path (`preload`, ./firstScreen.ts) while the entry
 * script is still downloading and running: main.tsx's preloadFirstScreen then finds them loaded
 * instead of requesting them only once the entry has run. JS as modulepreload (the module map
 * keeps them, whatever the HTTP cache does); CSS as a preload, so that Vite's loader still adds the
 * stylesheet itself and waits for it before the screen renders. `page` is the path the HTML was
 * prerendered for, or null for the 404 page (served for any unknown path). With `frame` (the page
 * holds the shell frame's template) a stored session at a path with a preload shows the frame
 * (SHELL_FRAME_ATTRIBUTE; its style preloads marked for shellFrameStylesScript). Keys, patterns and
 * files come from the app, the domain and the build, never restated here.
 */
export function inlineScript(page: string | null, preload: FirstScreenPreload | null = null, frame = false): string {
  const config = {
    page,
    appearanceKey: storageKeys.appearance,
    sessionKeys: sessionPresenceKeys,
    keep: queryKeptByPrerender,
    routes: routePattern(),
    mark: CLIENT_RENDER_ATTRIBUTE,
    ready: APP_READY_ATTRIBUTE,
    held: HELD_SUBMIT_PROPERTY,
    pre: preload,
    frame,
    frameMark: SHELL_FRAME_ATTRIBUTE,
    frameStyle: SHELL_FRAME_STYLE_ATTRIBUTE,
  };
  // ES5 and no dependencies: it runs before anything else, in any browser the app supports.
  return `(function(c){var h=document.documentElement,a=null,r=false,u=false,p,q,i,j,s,f,l;
try{a=localStorage.getItem(c.appearanceKey)}catch(e){}
if(a!=='light'&&a!=='dark')a=window.matchMedia&&window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';
h.className+=' '+a;h.style.colorScheme=a;
try{s=[localStorage,sessionStorage];for(i=0;i<s.length;i++)for(j=0;j<c.sessionKeys.length;j++)if(s[i].getItem(c.sessionKeys[j]))u=r=true}catch(e){}
try{q=location.search.slice(1).split('&');for(i=0;i<q.length;i++)if(q[i]&&c.keep.indexOf(decodeURIComponent(q[i].split('=')[0]))<0)r=true}catch(e){r=true}
p=location.pathname.replace(/\\/+$/,'')||'/';
if(c.page===null?new RegExp(c.routes).test(p):p!==c.page)r=true;
if(r)h.setAttribute(c.mark,'');
if(u&&c.pre)for(i=0;i<c.pre.routes.length;i++)if(new RegExp(c.pre.routes[i][0]).test(p)){if(c.frame&&'blocking' in document.createElement('link'))h.setAttribute(c.frameMark,'');for(j=0;j<c.pre.routes[i][1].length;j++){f=c.pre.files[c.pre.routes[i][1][j]];l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style';if(h.hasAttribute(c.frameMark))l.setAttribute(c.frameStyle,'')}else l.rel='modulepreload';l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)}break}
document.addEventListener('submit',function(e){if(!h.hasAttribute(c.ready)){e.preventDefault();e.stopPropagation();window[c.held]=e.target}},true)})(${JSON.stringify(config).replace(/</g, '\\u003c')})`;
}

/** Keeps a page marked for client rendering hidden until the app shows the right content (or the shell frame). */
export const inlineStyle = `html[${CLIENT_RENDER_ATTRIBUTE}]:not([${SHELL_FRAME_ATTRIBUTE}]) #root{visibility:hidden}`;

/**
 * The script at the end of the 404 page's <head>, after the entry's stylesheet: when the frame is
 * shown, the style preloads of the first screen become stylesheets there, render-blocking (the
 * body has not started, so `blocking="render"` holds the first paint for them) and in the order
 * Vite's loader would add them, after the entry's; the loader finds them and adds none of its own.
 * It runs once the entry's stylesheet is in, as any script after a stylesheet, while the preloads
 * the head's first script started are already on their way.
 */
export const shellFrameStylesScript = `(function(h){if(!h.hasAttribute('${SHELL_FRAME_ATTRIBUTE}'))return;var s=document.querySelectorAll('link[${SHELL_FRAME_STYLE_ATTRIBUTE}]'),i,l;for(i=0;i<s.length;i++){l=document.createElement('link');l.rel='stylesheet';l.setAttribute('blocking','render');l.crossOrigin='';l.href=s[i].href;document.head.appendChild(l)}})(document.documentElement)`;

/**
 * The script right after #root and the frame's <template> in the 404 page: when the head's script
 * chose the shell frame, the frame takes the place of the page in #root before the first paint.
 * Without the template it takes the choice back, and the page stays hidden as any other.
 */
export const shellFrameScript = `(function(h,r,t){if(!h.hasAttribute('${SHELL_FRAME_ATTRIBUTE}'))return;if(r&&t&&t.content){r.innerHTML='';r.appendChild(t.content.cloneNode(true))}else h.removeAttribute('${SHELL_FRAME_ATTRIBUTE}')})(document.documentElement,document.getElementById('root'),document.getElementById('${SHELL_FRAME_TEMPLATE_ID}'))`;

/**
 * The script after a prerendered page's #root that starts the page's app scripts: the entry module
 * and the modulepreloads of its screen, kept inert in a <template> (APP_SCRIPTS_TEMPLATE_ID) until
 * then. As any script after a stylesheet, it runs once the page's stylesheet has loaded, so the
 * stylesheet, which alone holds the first paint, has the connection to itself; linked in <head>,
 * the scripts shared the bandwidth with it and the page painted later (docs/performance.md). The browser's preload scanner does not look inside a <template>.
 */
export const appScriptsScript = `(function(t){if(!t)return;var n=t.content.children,i,j,s,e;for(i=0;i<n.length;i++){s=n[i];e=document.createElement(s.localName);for(j=0;j<s.attributes.length;j++)e.setAttribute(s.attributes[j].name,s.attributes[j].value);document.head.appendChild(e)}})(document.getElementById('${APP_SCRIPTS_TEMPLATE_ID}'))`;
