/**
 * The pages written as HTML at build time (scripts/prerender.mjs): every public page with a
 * sign-in or welcome form, so it paints before any script runs. `file` is where a static host
 * finds it for `path` (`/login` → `login/index.html`). The 404 page is served for every other path
 * (the app's signed-in pages too: its inline script hides it and the app renders them).
 */
export const prerenderedPages = [
  { path: '/', file: 'index.html' },
  { path: '/login', file: 'login/index.html' },
  { path: '/welcome', file: 'welcome/index.html' },
  { path: '/register', file: 'register/index.html' },
  { path: '/admin/login', file: 'admin/login/index.html' },
] as const;

/** The 404 page: prerendered at a path outside the route table, served for any unknown path. */
export const notFoundPage = { path: '/404', file: '404.html' } as const;
