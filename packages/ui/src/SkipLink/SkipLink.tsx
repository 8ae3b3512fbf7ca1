import type { MouseEvent, ReactNode } from 'react';
import { cx, type RootProps } from '../internal/props';
import * as styles from './SkipLink.css';

/** Own props, plus every native prop of the root `<a>` (className, style, id, data-*, aria-*, ref). */
export interface SkipLinkProps extends RootProps<'a', 'children' | 'href'> {
  /** Id of the element that receives focus; AppShell's <main> is `main-content`. */
  targetId?: string;
  children?: ReactNode;
}

/**
 * The first focusable element of the page: jumps past the header to the main content.
 *
 * When to use: as the first focusable element of every page (AppShell includes it).
 *
 * When not: for any other in-page jump.
 */
export function SkipLink({
  targetId = 'main-content',
  children = 'Skip to content',
  className,
  ...rest
}: SkipLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    // Focus explicitly rather than via the URL hash, which client-side routers may treat as navigation.
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a {...rest} className={cx(styles.skipLink, className)} href={`#${targetId}`} onClick={onClick}>
      {children}
    </a>
  );
}
