import { normalizePathname } from '@vault/domain';

/** A nav link is current on its own page and on the pages below it (/opportunities/x). */
export function isCurrent(href: string, pathname: string): boolean {
  const path = normalizePathname(pathname);
  return path === href || path.startsWith(`${href}/`);
}
