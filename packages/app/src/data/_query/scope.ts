/**
 * Whose data the query cache holds: a user id, or '' signed out. Apart from the cache, so the
 * app can set it without loading the backend (supabase-js) on the landing page.
 */
let scope: string | undefined;
const onChange = new Set<() => void>();

/**
 * A different user empties the cache, so nobody sees rows loaded for the previous one. The first
 * call only records the scope, keeping what the router prefetched before the first render.
 */
export function setQueryScope(next: string): void {
  if (scope !== undefined && scope !== next) for (const clear of onChange) clear();
  scope = next;
}

/** The cache registers how it empties itself. */
export function onQueryScopeChange(clear: () => void): void {
  onChange.add(clear);
}
