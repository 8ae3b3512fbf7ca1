import { finalView, routes, type ScreenKey, type Session } from '@vault/domain';

/**
 * Someone signed in who may open every route (an admin bypasses roles and the readiness gate), so
 * each path resolves to the screen it shows when it is open to the visitor, and a sign-in page to
 * where it sends a signed-in visitor. The inline script only knows that a session is stored, not
 * whose: it preloads what that path shows when it is allowed, the common case.
 */
const adminSession: Session = {
  user: { id: 'member', name: '', email: '', role: 'investor', kycStatus: 'approved', firstOnrampOk: true },
  isAdmin: true,
};

/** The screen inside the signed-in shell that `path` shows someone signed in, or null (a public page). */
export function signedInShellScreen(path: string): ScreenKey | null {
  const { view } = finalView(adminSession, path);
  return view.kind === 'screen' && view.shell ? view.screen : null;
}

/** A regular expression source matching the paths of these route patterns, as the router matches them. */
export function pathsPattern(paths: readonly string[]): string {
  const one = (path: string) =>
    path
      .split('/')
      .filter((s) => s !== '')
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
  return `^/(${paths.map(one).join('|')})/*$`;
}

/**
 * What a page's inline script fetches ahead when a session is stored: `files` (paths from the site
 * root, each once) and `routes`, pairs of a path pattern (regular expression source) and the indices
 * of the files the screen at those paths needs.
 */
export interface FirstScreenPreload {
  files: string[];
  routes: [string, number[]][];
}

/**
 * The first-screen preload of a page: for each path the page is served for (`page` itself, or, for
 * the 404 page (`page` null), every route that is not `prerendered`), the files of the screen in the
 * shell it shows someone signed in (`filesOf`, from the build's manifest: the shell's and the
 * screen's chunks and styles). Paths whose screens need the same files share one pattern, so the
 * page's inline JSON stays small. Null when no path of the page leads into the shell.
 */
export function firstScreenPreload(
  page: string | null,
  prerendered: readonly string[],
  filesOf: (screen: ScreenKey) => readonly string[],
): FirstScreenPreload | null {
  const paths = page === null ? routes.map((r) => r.path).filter((p) => !prerendered.includes(p)) : [page];
  const files: string[] = [];
  const groups = new Map<string, { paths: string[]; indices: number[] }>();
  for (const path of paths) {
    const screen = signedInShellScreen(path);
    if (screen === null) continue;
    const indices = filesOf(screen).map((file) => {
      const known = files.indexOf(file);
      return known >= 0 ? known : files.push(file) - 1;
    });
    if (indices.length === 0) continue;
    const key = [...indices].sort((a, b) => a - b).join(' ');
    const group = groups.get(key) ?? { paths: [], indices };
    group.paths.push(path);
    groups.set(key, group);
  }
  if (groups.size === 0) return null;
  return { files, routes: [...groups.values()].map((g) => [pathsPattern(g.paths), g.indices]) };
}
