import type { MouseEvent } from 'react';
import { cx, type RootProps } from '../internal/props';
import * as styles from './QueueLinks.css';

export interface QueueLink {
  /** Unique among the links. */
  key: string;
  count: number;
  /** The whole text, count included: '3 KYC cases waiting'. */
  label: string;
  href: string;
}

/** Own props, plus every native prop of the root `<nav>`. */
export interface QueueLinksProps extends RootProps<'nav', 'children'> {
  /** The navigation's accessible name, e.g. 'Your queues'. */
  label: string;
  links: readonly QueueLink[];
  /** Client-side routing for a plain click; Ctrl/Cmd-click still opens a new tab. */
  onNavigate?: (href: string) => void;
  className?: string;
}

/**
 * How much waits in each of a staff member's queues, each a link to the queue: '3 KYC cases
 * waiting'. The count leads the text, so the sentence reads the same to a screen reader.
 *
 * When to use: at the top of a staff dashboard.
 *
 * When not: for figures that lead nowhere (StatCard).
 */
export function QueueLinks({ label, links, onNavigate, className, ...rest }: QueueLinksProps) {
  if (links.length === 0) return null;
  const click = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(href);
  };
  return (
    <nav aria-label={label} {...rest} className={className}>
      <ul className={styles.list}>
        {links.map((link) => {
          const [count, ...words] = link.label.split(' ');
          return (
            <li key={link.key}>
              <a
                href={link.href}
                className={cx(styles.link, link.count > 0 && styles.waiting)}
                onClick={(event) => click(event, link.href)}
              >
                <span className={styles.count}>{count}</span>
                <span>{words.join(' ')}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
