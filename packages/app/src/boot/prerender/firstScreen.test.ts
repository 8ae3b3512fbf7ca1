import { routes, type ScreenKey } from '@vault/domain';
import { describe, expect, it } from 'vitest';
import { firstScreenPreload, pathsPattern, signedInShellScreen } from './firstScreen';
import { prerenderedPages } from './pages';

const prerendered = prerenderedPages.map((p) => p.path);
/** Files as the build would give them: the shell's, shared by every screen, then the screen's own. */
const filesOf = (screen: ScreenKey) => ['shell.css', 'shell.js', `${screen}.js`];

/** The files a preload links for `path`, as the inline script picks them (first matching pattern). */
function linkedFor(preload: ReturnType<typeof firstScreenPreload>, path: string): string[] {
  const route = preload?.routes.find(([pattern]) => new RegExp(pattern).test(path));
  return route ? route[1].map((i) => preload?.files[i] ?? `missing ${i}`) : [];
}

describe('signedInShellScreen', () => {
  it('is the screen of a route inside the shell, and where a sign-in page sends someone signed in', () => {
    expect(signedInShellScreen('/dashboard')).toBe('dashboard');
    expect(signedInShellScreen('/opportunities/:id')).toBe('opportunityDetail');
    expect(signedInShellScreen('/investments/:id')).toBe('investmentFlow');
    expect(signedInShellScreen('/support')).toBe('support');
    expect(signedInShellScreen('/')).toBe('dashboard');
    expect(signedInShellScreen('/login')).toBe('dashboard');
    expect(signedInShellScreen('/admin/login')).toBe('dashboard');
  });

  it('is null for a public page that stays public, and for an unknown path', () => {
    expect(signedInShellScreen('/welcome')).toBeNull();
    expect(signedInShellScreen('/register')).toBeNull();
    expect(signedInShellScreen('/agreement')).toBeNull();
    expect(signedInShellScreen('/no-such-page')).toBeNull();
  });
});

describe('pathsPattern', () => {
  it('matches the given patterns with their parameters and trailing slashes, and nothing else', () => {
    const pattern = new RegExp(pathsPattern(['/', '/opportunities/:id', '/a.b']));
    for (const path of ['/', '/opportunities/x-1', '/opportunities/x/', '/a.b'])
      expect(pattern.test(path), path).toBe(true);
    for (const path of ['/opportunities', '/opportunities/x/y', '/axb', '/dashboard']) {
      expect(pattern.test(path), path).toBe(false);
    }
  });
});

describe('firstScreenPreload', () => {
  it('for the 404 page, covers every route inside the shell that is not prerendered, with its screen', () => {
    const preload = firstScreenPreload(null, prerendered, filesOf);
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const path = route.path.replace(/:[^/]+/g, 'some-id');
      expect(linkedFor(preload, path), path).toEqual(['shell.css', 'shell.js', `${route.screen}.js`]);
    }
    // Public pages get no preload: a signed-out visitor's, or the registration's, code is their own.
    for (const path of ['/kyc-verification', '/agreement', '/no-such-page'])
      expect(linkedFor(preload, path)).toEqual([]);
  });

  it('lists each file once and shares one pattern among paths with the same files', () => {
    const preload = firstScreenPreload(null, prerendered, (screen) =>
      screen === 'dashboard' ? ['shell.js', 'Dashboard.js'] : ['shell.js', 'Other.js'],
    );
    expect(preload?.files).toEqual(['shell.js', 'Dashboard.js', 'Other.js']);
    expect(preload?.routes).toHaveLength(2);
    expect(linkedFor(preload, '/wallet')).toEqual(['shell.js', 'Other.js']);
    expect(linkedFor(preload, '/users')).toEqual(['shell.js', 'Other.js']);
  });

  it('for a prerendered sign-in page, links the screen a signed-in visitor is sent to, at that path only', () => {
    const preload = firstScreenPreload('/', prerendered, filesOf);
    expect(linkedFor(preload, '/')).toEqual(['shell.css', 'shell.js', 'dashboard.js']);
    expect(linkedFor(preload, '/dashboard')).toEqual([]);
    expect(linkedFor(firstScreenPreload('/login', prerendered, filesOf), '/login/')).toEqual([
      'shell.css',
      'shell.js',
      'dashboard.js',
    ]);
  });

  it('is null for a page no signed-in visitor leaves for the shell', () => {
    expect(firstScreenPreload('/welcome', prerendered, filesOf)).toBeNull();
    expect(firstScreenPreload('/register', prerendered, filesOf)).toBeNull();
    expect(firstScreenPreload(null, prerendered, () => [])).toBeNull();
  });
});
