import { runInNewContext } from 'node:vm';
import { matchRoute, routes } from '@vault/domain';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../storage/browserStorage';
import {
  APP_READY_ATTRIBUTE,
  APP_SCRIPTS_TEMPLATE_ID,
  appScriptsScript,
  CLIENT_RENDER_ATTRIBUTE,
  HELD_SUBMIT_PROPERTY,
  inlineScript,
  routePattern,
  SHELL_FRAME_ATTRIBUTE,
} from './inlineScript';
import type { FirstScreenPreload } from './prerender/firstScreen';

/** Runs the inline script as a browser would before the first paint, in a minimal stand-in page. */
function run(
  page: string | null,
  at: { path: string; search?: string },
  stored: { local?: Record<string, string>; session?: Record<string, string>; dark?: boolean } = {},
  preload: FirstScreenPreload | null = null,
  frame: { template: boolean; blockingSupported?: boolean } = { template: false },
) {
  const attributes = new Map<string, string>();
  const html = {
    className: '',
    style: { colorScheme: '' },
    setAttribute: (name: string, value: string) => attributes.set(name, value),
    hasAttribute: (name: string) => attributes.has(name),
  };
  const listeners: { type: string; listener: (event: unknown) => void; capture: unknown }[] = [];
  const window: Record<string, unknown> = {
    matchMedia: (query: string) => ({ matches: Boolean(stored.dark) && query.includes('dark') }),
  };
  const linked: Record<string, string>[] = [];
  runInNewContext(inlineScript(page, preload, frame.template), {
    document: {
      documentElement: html,
      createElement: (tag: string) => {
        const element: Record<string, unknown> = { tag };
        // Not enumerable, so `linked` lists only what the script set.
        Object.defineProperty(element, 'setAttribute', {
          value: (name: string, value: string) => {
            element[name] = value;
          },
        });
        if (frame.blockingSupported ?? true) Object.defineProperty(element, 'blocking', { value: {} });
        return element;
      },
      head: { appendChild: (element: Record<string, string>) => linked.push({ ...element }) },
      addEventListener: (type: string, listener: (event: unknown) => void, capture: unknown) =>
        listeners.push({ type, listener, capture }),
    },
    window,
    localStorage: memoryStorage(stored.local),
    sessionStorage: memoryStorage(stored.session),
    location: { pathname: at.path, search: at.search ?? '' },
  });
  /** Dispatches a submit event of `form` to what the script listens with; says what it did to it. */
  const submit = (form: object) => {
    const done = { prevented: false, stopped: false };
    const event = {
      target: form,
      preventDefault: () => (done.prevented = true),
      stopPropagation: () => (done.stopped = true),
    };
    for (const l of listeners) if (l.type === 'submit') l.listener(event);
    return { ...done, held: window[HELD_SUBMIT_PROPERTY] };
  };
  return {
    hidden: attributes.has(CLIENT_RENDER_ATTRIBUTE) && !attributes.has(SHELL_FRAME_ATTRIBUTE),
    framed: attributes.has(SHELL_FRAME_ATTRIBUTE),
    clientRender: attributes.has(CLIENT_RENDER_ATTRIBUTE),
    className: html.className.trim(),
    html,
    listeners,
    submit,
    ready: () => attributes.set(APP_READY_ATTRIBUTE, ''),
    window,
    linked,
  };
}

describe('routePattern', () => {
  it('matches every path of the route table, as matchRoute does, and nothing else', () => {
    const pattern = new RegExp(routePattern());
    for (const route of routes) {
      const path = route.path.replace(/:[^/]+/g, 'some-id');
      expect(pattern.test(path), path).toBe(true);
      expect(matchRoute(path)).not.toBeNull();
    }
    for (const path of ['/no-such-page', '/Dashboard', '/opportunities/a/b', '/admin', '/loginx']) {
      expect(pattern.test(path), path).toBe(false);
      expect(matchRoute(path), path).toBeNull();
    }
  });
});

describe('inlineScript', () => {
  it('leaves a prerendered page as it is for a signed-out visitor, demo mode included', () => {
    expect(run('/login', { path: '/login' }).hidden).toBe(false);
    expect(run('/login', { path: '/login/', search: '?demo=1' }).hidden).toBe(false);
    expect(run('/', { path: '/' }).hidden).toBe(false);
  });

  it('hides it for a session under the supabase-js key, in either storage', () => {
    expect(run('/', { path: '/' }, { local: { 'vault.auth': '{"access_token":"t"}' } }).hidden).toBe(true);
    expect(run('/', { path: '/' }, { session: { 'vault.auth': '{"access_token":"t"}' } }).hidden).toBe(true);
    // The key of the sessions before supabase-js owned them is no session any more.
    expect(run('/', { path: '/' }, { local: { 'vault.user': '{"id":"u"}' } }).hidden).toBe(false);
    expect(run('/', { path: '/' }, { local: { 'vault.auth': '' } }).hidden).toBe(false);
    expect(run('/', { path: '/' }, { local: { 'vault.other': 'x' } }).hidden).toBe(false);
  });

  it('hides it for a query the page reads, or when served for another path', () => {
    expect(run('/register', { path: '/register', search: '?type=professional' }).hidden).toBe(true);
    expect(run('/', { path: '/dashboard' }).hidden).toBe(true);
  });

  it('hides the 404 page where it stands in for an app route, not where it is the answer', () => {
    expect(run(null, { path: '/dashboard' }).hidden).toBe(true);
    expect(run(null, { path: '/opportunities/solar-park' }).hidden).toBe(true);
    expect(run(null, { path: '/no-such-page' }).hidden).toBe(false);
  });

  it('sets the appearance: the stored choice, else the system', () => {
    expect(run('/', { path: '/' }, { dark: true }).className).toBe('dark');
    expect(run('/', { path: '/' }, { dark: false }).className).toBe('light');
    expect(run('/', { path: '/' }, { dark: true, local: { 'vault.appearance': 'light' } }).className).toBe('light');
    expect(run('/', { path: '/' }, { local: { 'vault.appearance': 'purple' } }).html.style.colorScheme).toBe('light');
  });

  it('holds a form submitted before the app runs, in the capture phase, and lets it through after', () => {
    const page = run('/login', { path: '/login' });
    expect(page.listeners.map((l) => [l.type, l.capture])).toEqual([['submit', true]]);
    const form = { name: 'sign-in' };
    // Before the app runs: the browser's own submission (password in the URL) is stopped, and the
    // event never reaches React's listener, so the app submits it once, when it runs.
    expect(page.submit(form)).toEqual({ prevented: true, stopped: true, held: form });
    page.window[HELD_SUBMIT_PROPERTY] = null;
    page.ready();
    expect(page.submit(form)).toEqual({ prevented: false, stopped: false, held: null });
  });

  describe('the first screen ahead of the entry, for a stored session', () => {
    const preload: FirstScreenPreload = {
      files: ['assets/shell.css', 'assets/shell.js', 'assets/Dashboard.js', 'assets/Wallet.js'],
      routes: [
        ['^/(dashboard)/*$', [0, 1, 2]],
        ['^/(wallet|opportunities/[^/]+)/*$', [0, 1, 3]],
      ],
    };
    const signedIn = { local: { 'vault.auth': '{"access_token":"t"}' } };

    it('links the files of the screen at this path: code as modulepreload, styles as a preload', () => {
      expect(run(null, { path: '/dashboard/' }, signedIn, preload).linked).toEqual([
        { tag: 'link', rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/shell.css' },
        { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/shell.js' },
        { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/Dashboard.js' },
      ]);
      expect(run(null, { path: '/opportunities/solar' }, signedIn, preload).linked.map((l) => l.href)).toEqual([
        '/assets/shell.css',
        '/assets/shell.js',
        '/assets/Wallet.js',
      ]);
    });

    it('links nothing without a session, on a path without a screen, or without a preload', () => {
      expect(run(null, { path: '/dashboard' }, {}, preload).linked).toEqual([]);
      expect(run(null, { path: '/dashboards' }, signedIn, preload).linked).toEqual([]);
      expect(run(null, { path: '/opportunities' }, signedIn, preload).linked).toEqual([]);
      expect(run(null, { path: '/dashboard' }, signedIn).linked).toEqual([]);
    });

    it('links from sessionStorage too, and hides the page as before', () => {
      const page = run(null, { path: '/wallet' }, { session: { 'vault.auth': '{"access_token":"t"}' } }, preload);
      expect(page.linked).toHaveLength(3);
      expect(page.hidden).toBe(true);
    });
  });

  describe('the shell frame, in a page that holds it (the 404 page)', () => {
    const preload: FirstScreenPreload = {
      files: ['assets/shell.css', 'assets/shell.js', 'assets/Dashboard.js'],
      routes: [['^/(dashboard)/*$', [0, 1, 2]]],
    };
    const signedIn = { local: { 'vault.auth': '{"access_token":"t"}' } };
    const withFrame = { template: true };

    it('shows the frame, not a hidden page, for a session at a route inside the shell; its styles marked', () => {
      const page = run(null, { path: '/dashboard' }, signedIn, preload, withFrame);
      expect(page.framed).toBe(true);
      expect(page.hidden).toBe(false);
      // Still rendered afresh by the app, never hydrated.
      expect(page.clientRender).toBe(true);
      expect(page.linked).toEqual([
        {
          tag: 'link',
          rel: 'preload',
          as: 'style',
          'data-frame-style': '',
          crossOrigin: '',
          href: '/assets/shell.css',
        },
        { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/shell.js' },
        { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/Dashboard.js' },
      ]);
    });

    it('keeps the page hidden, with no frame, where the frame would be wrong or could paint unstyled', () => {
      // Signed out: the app sends the visitor to sign in.
      expect(run(null, { path: '/dashboard' }, {}, preload, withFrame)).toMatchObject({ framed: false, hidden: true });
      // A path of no screen in the shell: the app's own 404 page follows.
      expect(run(null, { path: '/no-such-page' }, signedIn, preload, withFrame).framed).toBe(false);
      // A page without the frame's template.
      expect(run(null, { path: '/dashboard' }, signedIn, preload)).toMatchObject({ framed: false, hidden: true });
      // A browser without blocking="render" could paint the frame before its styles.
      const old = run(null, { path: '/dashboard' }, signedIn, preload, { template: true, blockingSupported: false });
      expect(old).toMatchObject({ framed: false, hidden: true });
      expect(old.linked[0]).not.toHaveProperty('data-frame-style');
    });
  });
});

describe('appScriptsScript', () => {
  /** Runs the script after #root with a stand-in <template> (or none), returning what it put in <head>. */
  function start(template: { localName: string; attributes: Record<string, string> }[] | null) {
    const head: { tag: string; attributes: Record<string, string> }[] = [];
    const asElement = ({ localName, attributes }: { localName: string; attributes: Record<string, string> }) => ({
      localName,
      attributes: Object.entries(attributes).map(([name, value]) => ({ name, value })),
    });
    runInNewContext(appScriptsScript, {
      document: {
        getElementById: (id: string) =>
          id === APP_SCRIPTS_TEMPLATE_ID && template ? { content: { children: template.map(asElement) } } : null,
        createElement: (tag: string) => {
          const element = { tag, attributes: {} as Record<string, string> };
          return {
            ...element,
            setAttribute: (name: string, value: string) => (element.attributes[name] = value),
            element,
          };
        },
        head: {
          appendChild: (node: { element: { tag: string; attributes: Record<string, string> } }) =>
            head.push(node.element),
        },
      },
    });
    return head;
  }

  it('links the entry and its modulepreloads in <head>, in order, with every attribute as built', () => {
    const entry = { type: 'module', crossorigin: '', src: '/assets/index.js' };
    const preload = { rel: 'modulepreload', crossorigin: '', href: '/assets/Landing.js' };
    expect(
      start([
        { localName: 'script', attributes: entry },
        { localName: 'link', attributes: preload },
      ]),
    ).toEqual([
      { tag: 'script', attributes: entry },
      { tag: 'link', attributes: preload },
    ]);
  });

  it('does nothing on a page without the template (the 404 page keeps its scripts in <head>)', () => {
    expect(start(null)).toEqual([]);
  });
});
