import type { MouseEvent, ReactNode } from 'react';
import * as styles from './SkipLink.css';

export interface SkipLinkProps {
  /** Id of the element that receives focus; AppShell's <main> is `main-content`. */
  targetId?: string;
  children?: ReactNode;
}

/** The first focusable element of the page: jumps past the header to the main content. */
export function SkipLink({ targetId = 'main-content', children = 'Skip to content' }: SkipLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    // Focus explicitly rather than via the URL hash, which client-side routers may treat as navigation.
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className={styles.skipLink} href={`#${targetId}`} onClick={onClick}>
      {children}
    </a>
  );
}
