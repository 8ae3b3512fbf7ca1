import type { MouseEvent } from 'react';

/** Navigates with the app's router (`onNavigate`), via the link's own href when none is given. */
export type NavigateHandler = (href: string) => void;

/**
 * Click handler for a real <a href>: a plain left click calls `onNavigate(href)` instead of loading
 * the page, so the app can route client-side. Modified clicks (new tab, new window, download) and
 * links without `onNavigate` are left to the browser.
 */
export function navigateOnClick(href: string, onNavigate: NavigateHandler | undefined) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.defaultPrevented) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(href);
  };
}

/** True when `href` is the current page or a page under it (e.g. /opportunities/42 under /opportunities). */
export function isCurrentSection(href: string, currentPath: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}

/**
 * Click handler for a link inside a Radix menu. Taking over the click (preventDefault) also stops
 * Radix from closing the menu, so the menu is closed here before handing the href to the router.
 */
export function navigateFromMenu(href: string, onNavigate: NavigateHandler | undefined, close: () => void) {
  const handler = navigateOnClick(href, onNavigate);
  return (event: MouseEvent<HTMLAnchorElement>) => {
    handler(event);
    if (event.defaultPrevented) close();
  };
}
